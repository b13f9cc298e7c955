/** Startup, readiness and liveness probes: each off unless switched on, one kind at a time, timings left to the platform unless typed. */
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS, PROBE_DEFAULTS } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import { at, errorAt, optionalNumber, optionalText, type AppForm, type FormPath } from './form-kit';
import { HTTP_STATUS_OPTIONS, statusName } from './http-status';
import { exposedPorts, getIn, kindOf, PROBE_KIND_LABELS, PROBE_KINDS, setIn, type Json, type ProbeKind } from './probe-kit';

const PROBES = [
  ['startup', 'Startup probe', 'Holds the other probes back until the app has started.'],
  ['readiness', 'Readiness probe', 'Traffic reaches the container only while this passes.'],
  ['liveness', 'Liveness probe', 'The container restarts when this keeps failing.'],
] as const;
type Which = (typeof PROBES)[number][0];

const TIMINGS = [
  ['initialDelaySeconds', 'Initial delay (seconds)', LIMITS.probeSeconds],
  ['periodSeconds', 'Period (seconds)', LIMITS.probeSeconds],
  ['timeoutSeconds', 'Timeout (seconds)', LIMITS.probeSeconds],
  ['failureThreshold', 'Failure threshold', LIMITS.probeThreshold],
  ['successThreshold', 'Success threshold', LIMITS.probeThreshold],
] as const;

/** The probe's value and edits to it; the whole `probes` object leaves the body once every probe is off. */
function useProbe(index: number, which: Which) {
  const { getValues, setValue, formState } = useFormContext<AppForm>();
  const probesPath = at(index, 'probes');
  const probe = useWatch<AppForm>({ name: `${probesPath}.${which}` as FormPath }) as Json | null | undefined;
  const put = (next: Json | undefined) => {
    const probes = setIn((getValues(probesPath) as Json | null | undefined) ?? {}, [which], next);
    setValue(probesPath, (Object.keys(probes).length > 0 ? probes : undefined) as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const set = (keys: readonly string[], value: unknown) => put(setIn(probe ?? {}, keys, value));
  return { path: `${probesPath}.${which}`, probe: probe ?? undefined, put, set, errors: formState.errors };
}

interface TextProps {
  readonly name: string;
  readonly label: string;
  readonly value: unknown;
  readonly onValue: (v: unknown) => void;
  readonly error: string | undefined;
  readonly numeric?: boolean;
  readonly placeholder?: string;
  readonly hint?: string;
  readonly warning?: string | undefined;
}

/** A controlled box: registering it would put an empty object into the body before anything is typed. */
function Box({ name, label, value, onValue, error, numeric, placeholder, hint, warning }: TextProps) {
  return (
    <div>
      <Field label={label} hint={hint} error={error}>
        {(c) => (
          <input
            {...c}
            name={name}
            type={numeric ? 'number' : 'text'}
            step={numeric ? 1 : undefined}
            placeholder={placeholder}
            value={value === undefined || value === null ? '' : String(value)}
            onChange={(e) => onValue(numeric ? optionalNumber(e.target.value) : optionalText(e.target.value))}
          />
        )}
      </Field>
      {warning && <p className="field-warning">{warning}</p>}
    </div>
  );
}

function ProbeFields({ index, which, title }: { readonly index: number; readonly which: Which; readonly title: string }) {
  const { path, probe, put, set, errors } = useProbe(index, which);
  const endpoints = useWatch<AppForm>({ name: at(index, 'endpoints') });
  const kind = kindOf(probe) ?? 'httpGet';
  const err = (rest: string) => errorAt(errors, `${path}.${rest}`);
  // Switching kind keeps the timings and that kind's own settings, and drops the other kinds'.
  const switchTo = (k: ProbeKind) => {
    let next: Json = { ...(probe ?? {}) };
    for (const other of PROBE_KINDS) next = setIn(next, [other], undefined);
    put({ ...next, [k]: probe?.[k] ?? {} });
  };
  const portKeys = [kind, 'request', 'portNumber'];
  const port = getIn(probe, portKeys);
  const exposed = exposedPorts(endpoints);
  const portWarning =
    typeof port === 'number' && !exposed.has(port)
      ? `No endpoint of this container exposes port ${port}; check that the app listens there.`
      : undefined;

  const kinds = PROBE_KINDS.filter((k) => probe?.[k] != null);
  return (
    <>
      {kinds.length > 1 && (
        <p className="field-warning">
          This probe has {kinds.map((k) => PROBE_KIND_LABELS[k]).join(' and ')} settings; a probe checks one way. Choose a kind to keep one.
        </p>
      )}
      <div className="mode-switch" role="radiogroup" aria-label={`${title} kind`}>
        {PROBE_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name={`${path}.kind`} checked={kind === k} onChange={() => switchTo(k)} /> {PROBE_KIND_LABELS[k]}
          </label>
        ))}
      </div>
      <div className="container-grid">
        {kind === 'httpGet' && (
          <Box name={`${path}.httpGet.request.path`} label={`${title}: path`} placeholder="/" value={getIn(probe, ['httpGet', 'request', 'path'])} onValue={(v) => set(['httpGet', 'request', 'path'], v)} error={err('httpGet.request.path')} />
        )}
        <Box name={`${path}.${portKeys.join('.')}`} label={`${title}: port`} numeric value={port} onValue={(v) => set(portKeys, v)} error={err(portKeys.join('.'))} warning={portWarning} />
        {kind === 'httpGet' && (
          <Field label={`${title}: expected status`} error={err('httpGet.response.expectedStatusCode')}>
            {(c) => (
              <select
                {...c}
                name={`${path}.httpGet.response.expectedStatusCode`}
                value={statusName(getIn(probe, ['httpGet', 'response', 'expectedStatusCode'])) ?? ''}
                onChange={(e) => set(['httpGet', 'response', 'expectedStatusCode'], optionalText(e.target.value))}
              >
                <option value="">Platform default</option>
                {HTTP_STATUS_OPTIONS.map((o) => (
                  <option key={o.name} value={o.name}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {kind === 'grpc' && (
          <Box name={`${path}.grpc.request.serviceName`} label={`${title}: service name`} hint="Optional" value={getIn(probe, ['grpc', 'request', 'serviceName'])} onValue={(v) => set(['grpc', 'request', 'serviceName'], v)} error={err('grpc.request.serviceName')} />
        )}
        {TIMINGS.map(([key, label, range]) => (
          <Box
            key={key}
            name={`${path}.${key}`}
            label={`${title}: ${label.toLowerCase()}`}
            numeric
            placeholder={String(PROBE_DEFAULTS[key])}
            hint={`${range.min} to ${range.max}; empty uses ${PROBE_DEFAULTS[key]}`}
            value={probe?.[key]}
            onValue={(v) => set([key], v)}
            error={err(key)}
          />
        ))}
      </div>
      {errorAt(errors, path) && <p className="field-error">{errorAt(errors, path)}</p>}
    </>
  );
}

function Probe({ index, which, title, purpose }: { readonly index: number; readonly which: Which; readonly title: string; readonly purpose: string }) {
  const { probe, put } = useProbe(index, which);
  const on = probe !== undefined;
  return (
    <fieldset className="probe">
      <legend>{title}</legend>
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => put(e.target.checked ? { httpGet: {} } : undefined)} />
        Use a {title.toLowerCase()}
      </label>
      <p className="field-hint">{purpose}</p>
      {on && <ProbeFields index={index} which={which} title={title} />}
    </fieldset>
  );
}

/** The three probes, each absent from the body while switched off. */
export function ProbesEditor({ index }: { readonly index: number }) {
  return (
    <div className="probes">
      {PROBES.map(([which, title, purpose]) => (
        <Probe key={which} index={index} which={which} title={title} purpose={purpose} />
      ))}
    </div>
  );
}

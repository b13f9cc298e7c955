/** A container's endpoints: each one CDN (HTTP through a pull zone) or anycast (an IPv4 address), showing only that kind's fields. */
import { useFormContext, useWatch, type ArrayPath } from 'react-hook-form';
import { ANYCAST_TYPES } from '../../../../shared/apps/schema';
import { Field } from '../../../ui/field';
import { RowList } from '../../../ui/row-list';
import { CheckField, NumberField } from './controls';
import { at, errorAt, type AppForm, type FormPath } from './form-kit';
import { PortMappingFields } from './PortMappingFields';
import { StickySessions } from './StickySessions';

type Kind = 'cdn' | 'anycast';

interface Endpoint {
  readonly displayName?: string;
  readonly cdn?: unknown;
  readonly anycast?: unknown;
}

/** A fresh endpoint of a kind, keeping its name; the other kind's fields leave the body. */
function endpointOf(kind: Kind, displayName: string): Endpoint {
  return kind === 'cdn'
    ? { displayName, cdn: { portMappings: [{}] } }
    : { displayName, anycast: { type: ANYCAST_TYPES[0], portMappings: [{}] } };
}

function EndpointFields({ index, row }: { readonly index: number; readonly row: number }) {
  const { register, setValue, formState } = useFormContext<AppForm>();
  const path = at(index, `endpoints.${row}`);
  const endpoint = useWatch<AppForm>({ name: path }) as Endpoint | undefined;
  const kind: Kind = endpoint?.anycast != null ? 'anycast' : 'cdn';
  const label = `Endpoint ${row + 1}`;
  const switchTo = (k: Kind) => setValue(path, endpointOf(k, endpoint?.displayName ?? '') as never, { shouldDirty: true });
  const errors = formState.errors;

  return (
    <div className="endpoint">
      <Field label={`${label} name`} error={errorAt(errors, `${path}.displayName`)}>
        {(c) => <input {...c} {...register(`${path}.displayName` as FormPath)} />}
      </Field>
      <div className="mode-switch" role="radiogroup" aria-label={`${label} kind`}>
        <label>
          <input type="radio" name={`${path}.kind`} checked={kind === 'cdn'} onChange={() => switchTo('cdn')} /> CDN
        </label>
        <label>
          <input type="radio" name={`${path}.kind`} checked={kind === 'anycast'} onChange={() => switchTo('anycast')} /> Anycast
        </label>
      </div>
      {endpoint?.cdn != null && endpoint.anycast != null && (
        <p className="field-warning">This endpoint has both CDN and anycast settings; only anycast is shown. Choose a kind above to keep one.</p>
      )}
      {kind === 'cdn' ? (
        <div className="endpoint-kind">
          <CheckField path={`${path}.cdn.isSslEnabled` as FormPath} label={`${label}: SSL`} />
          <StickySessions path={`${path}.cdn.stickySessions`} label={label} />
          <NumberField path={`${path}.cdn.pullZoneId` as FormPath} label={`${label}: pull zone id`} hint="Optional: an existing pull zone to serve through" />
          {/* A CDN endpoint has exactly one port mapping, so there is no list to grow. */}
          <PortMappingFields path={`${path}.cdn.portMappings.0`} label={`${label} port mapping`} withProtocols={false} />
          {errorAt(errors, `${path}.cdn.portMappings`) && <p className="field-error">{errorAt(errors, `${path}.cdn.portMappings`)}</p>}
        </div>
      ) : (
        <div className="endpoint-kind">
          <Field label={`${label}: address type`} error={errorAt(errors, `${path}.anycast.type`)}>
            {(c) => (
              <select {...c} {...register(`${path}.anycast.type` as FormPath)}>
                {ANYCAST_TYPES.map((t) => (
                  <option key={t} value={t}>
                    IPv4
                  </option>
                ))}
              </select>
            )}
          </Field>
          <AnycastMappings path={`${path}.anycast.portMappings`} label={label} />
        </div>
      )}
    </div>
  );
}

function AnycastMappings({ path, label }: { readonly path: string; readonly label: string }) {
  const { control, formState } = useFormContext<AppForm>();
  const error = errorAt(formState.errors, path);
  return (
    <>
      <RowList control={control} name={path as ArrayPath<AppForm>} noun="port mapping" label={`${label} port mappings`} newRow={() => ({}) as never}>
        {(m) => <PortMappingFields path={`${path}.${m}`} label={`${label} port mapping ${m + 1}`} withProtocols />}
      </RowList>
      {error && <p className="field-error">{error}</p>}
    </>
  );
}

/** The list of endpoints; a new one starts as CDN with its one port mapping. */
export function EndpointsEditor({ index }: { readonly index: number }) {
  const { control } = useFormContext<AppForm>();
  return (
    <RowList control={control} name={at(index, 'endpoints') as ArrayPath<AppForm>} noun="endpoint" label="Endpoints" newRow={() => endpointOf('cdn', '') as never}>
      {(row) => <EndpointFields index={index} row={row} />}
    </RowList>
  );
}

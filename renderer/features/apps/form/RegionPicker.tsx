/**
 * Where the app may run: each region Required (always running there), Allowed (started there when users are near)
 * or Off. Required implies allowed, so a required region is written to both lists and the two never disagree.
 */
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppRegion } from '../../../../shared/contract/apps';
import { useCall } from '../../../bridge/queries';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import type { AppFormValues } from './form-schema';
import { messageAt } from './form-helpers';
import { unreadableText } from '../../../../shared/apps/platform-answers';
import { LimitsLine } from './LimitsLine';

/** A region's part in the app. */
export type RegionRole = 'required' | 'allowed' | 'off';

const ROLES: readonly { readonly role: RegionRole; readonly label: string }[] = [
  { role: 'required', label: 'Required' },
  { role: 'allowed', label: 'Allowed' },
  { role: 'off', label: 'Off' },
];

/** The two id lists after giving one region a role; an empty list is left out of the body. */
export function withRole(
  ids: readonly string[],
  current: { readonly allowed: readonly string[]; readonly required: readonly string[] },
  id: string,
  role: RegionRole,
): { allowed: string[] | undefined; required: string[] | undefined } {
  const allowedSet = new Set(current.allowed);
  const requiredSet = new Set(current.required);
  allowedSet.delete(id);
  requiredSet.delete(id);
  if (role !== 'off') allowedSet.add(id);
  if (role === 'required') requiredSet.add(id);
  // The region list's order, then ids the list no longer has (kept from a draft) in their old order.
  const ordered = (set: Set<string>, old: readonly string[]) => {
    const out = [...ids.filter((i) => set.has(i)), ...old.filter((i) => set.has(i) && !ids.includes(i))];
    if (set.has(id) && !out.includes(id)) out.push(id);
    return out.length ? out : undefined;
  };
  return { allowed: ordered(allowedSet, current.allowed), required: ordered(requiredSet, current.required) };
}

function roleOf(id: string, allowed: readonly string[], required: readonly string[]): RegionRole {
  if (required.includes(id)) return 'required';
  return allowed.includes(id) ? 'allowed' : 'off';
}

export function RegionPicker() {
  const { control, setValue, formState } = useFormContext<AppFormValues>();
  const regions = useCall('apps.regions', {});
  // Asked for by the form of a new app (use-optimal-region.ts); here only read, to name it.
  const optimal = useCall('apps.optimalRegion', {}, { enabled: false });
  const optimalRegion = optimal.data?.region ?? null;
  const allowed = useWatch({ control, name: 'regionSettings.allowedRegionIds' }) ?? [];
  const required = useWatch({ control, name: 'regionSettings.requiredRegionIds' }) ?? [];
  const headingId = useId();
  const known = regions.data?.regions ?? [];
  const unknown = [...new Set([...allowed, ...required])].filter((id) => !known.some((r) => r.id === id));
  const rows: readonly AppRegion[] = [...known, ...unknown.map((id) => ({ id, name: `${id} (not offered now)` }))];
  const error = messageAt(formState.errors, 'regionSettings.requiredRegionIds') ?? messageAt(formState.errors, 'regionSettings.allowedRegionIds');

  function choose(id: string, role: RegionRole) {
    const next = withRole(
      rows.map((r) => r.id),
      { allowed, required },
      id,
      role,
    );
    const how = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;
    setValue('regionSettings.allowedRegionIds', next.allowed, how);
    setValue('regionSettings.requiredRegionIds', next.required, how);
  }

  return (
    // Named after the field its errors sit on, and focusable, so "focus the first invalid field" can land here.
    <fieldset name="regionSettings.requiredRegionIds" tabIndex={-1} className="form-group region-picker" aria-describedby={error ? `${headingId}-error` : undefined}>
      <legend id={headingId}>Regions</legend>
      <p className="muted small">Required regions always run the app; allowed ones run it when users are near. None chosen: the platform decides.</p>
      <LimitsLine kind="regions" />
      {optimalRegion && (
        <p className="muted small" data-testid="optimal-region">
          The platform suggests {optimalRegion.name} ({optimalRegion.id}) for this account; a new app starts there.
        </p>
      )}
      {regions.isPending && <p className="muted">Loading regions…</p>}
      {regions.error && <ErrorMessage error={regions.error} />}
      {regions.data?.unreadable && regions.data.unreadable.count > 0 && (
        <p className="muted small" role="note" data-testid="regions-unreadable">
          {unreadableText(regions.data.unreadable, 'region')}
        </p>
      )}
      {rows.length > 0 && (
        <table className="region-table">
          <thead>
            <tr>
              <th scope="col">Region</th>
              {ROLES.map((r) => (
                <th scope="col" key={r.role}>
                  {r.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((region) => {
              const current = roleOf(region.id, allowed, required);
              return (
                <tr key={region.id}>
                  <th scope="row">
                    {region.name} <span className="muted small">{region.id}</span>
                  </th>
                  {ROLES.map((r) => (
                    <td key={r.role}>
                      <input
                        type="radio"
                        name={`region-role-${region.id}`}
                        aria-label={`${region.name}: ${r.label}`}
                        checked={current === r.role}
                        onChange={() => choose(region.id, r.role)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {error && (
        <p id={`${headingId}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The Containers section: one editor per container template, with Add container. */
import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { AppRegistry } from '../../../../shared/contract/apps';
import { ContainerTemplateEditor } from '../containers/ContainerTemplateEditor';
import { blankContainer } from './body';
import type { AppFormValues } from './form-schema';
import { messageAt } from './form-helpers';

export function ContainersSection({ registries }: { readonly registries: readonly AppRegistry[] }) {
  const { control, formState } = useFormContext<AppFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'containerTemplates' });
  const listError = messageAt(formState.errors, 'containerTemplates.root') ?? messageAt(formState.errors, 'containerTemplates');
  return (
    // Named after the list, so an error on the list itself ("at least one") can take focus here.
    <fieldset name="containerTemplates" tabIndex={-1} className="form-group containers-list">
      <legend className="visually-hidden">Container templates</legend>
      {fields.length === 0 && <p className="muted small">No containers yet: an app runs at least one.</p>}
      {fields.map((field, i) => (
        <ContainerTemplateEditor key={field.id} index={i} registries={registries} onRemove={() => remove(i)} />
      ))}
      {listError && <p className="field-error">{listError}</p>}
      <button type="button" onClick={() => append(blankContainer())}>
        <Plus aria-hidden="true" size={14} /> Add container
      </button>
    </fieldset>
  );
}

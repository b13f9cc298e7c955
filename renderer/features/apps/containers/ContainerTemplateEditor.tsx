/** One container of the create form: every field of a container template, in sections that show their errors. */
import { Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppRegistry } from '../../../../shared/contract/apps';
import { CollapsibleSection } from '../../../ui/collapsible-section';
import { Field } from '../../../ui/field';
import { errorCountUnder } from '../../../ui/form-errors';
import { at, errorAt, type AppForm } from './form-kit';
import { EndpointsEditor } from './EndpointsEditor';
import { EntryPoint } from './EntryPoint';
import { EnvEditor } from './EnvEditor';
import { ImageFields } from './ImageFields';
import { MountsEditor } from './MountsEditor';
import { ProbesEditor } from './ProbesEditor';
import './containers.css';

interface Props {
  readonly index: number;
  readonly registries: readonly AppRegistry[];
  readonly onRemove: () => void;
}

/** Edits `containerTemplates.${index}` of the surrounding form; the form's values stay exactly the request body. */
export function ContainerTemplateEditor({ index, registries, onRemove }: Props) {
  const { register, formState } = useFormContext<AppForm>();
  const name = useWatch<AppForm>({ name: at(index, 'name') }) as string | undefined;
  const title = name ? `Container ${index + 1}: ${name}` : `Container ${index + 1}`;
  const count = (...rests: string[]) => rests.reduce((n, r) => n + errorCountUnder(formState.errors, at(index, r)), 0);

  return (
    <section className="container-editor" aria-label={title}>
      <div className="container-editor-head">
        <h3>{title}</h3>
        <button type="button" onClick={onRemove} aria-label={`Remove ${title}`}>
          <Trash2 aria-hidden="true" size={14} /> Remove container
        </button>
      </div>
      <Field label="Container name" hint="1 to 50 characters" error={errorAt(formState.errors, at(index, 'name'))}>
        {(c) => <input {...c} {...register(at(index, 'name'))} />}
      </Field>
      <CollapsibleSection
        title="Image"
        defaultOpen
        errorCount={count('imageRegistryId', 'imageNamespace', 'imageName', 'imageTag', 'imageDigest', 'imagePullPolicy', 'image')}
      >
        <ImageFields index={index} registries={registries} />
      </CollapsibleSection>
      <CollapsibleSection title="Environment variables" errorCount={count('environmentVariables')}>
        <EnvEditor index={index} />
      </CollapsibleSection>
      <CollapsibleSection title="Endpoints" errorCount={count('endpoints')}>
        <EndpointsEditor index={index} />
      </CollapsibleSection>
      <CollapsibleSection title="Volume mounts" errorCount={count('volumeMounts')}>
        <MountsEditor index={index} />
      </CollapsibleSection>
      <CollapsibleSection title="Entry point" errorCount={count('entryPoint')}>
        <EntryPoint index={index} />
      </CollapsibleSection>
      <CollapsibleSection title="Probes" errorCount={count('probes')}>
        <ProbesEditor index={index} />
      </CollapsibleSection>
    </section>
  );
}

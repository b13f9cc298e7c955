/**
 * Placeholder of the container editor, so the create form compiles and its tests run: only a container's name and
 * image name. The real editor (image reference, entry point, environment, probes, endpoints, mounts) replaces this
 * file with the same export and props.
 */
import { useFormContext } from 'react-hook-form';
import type { AppRegistry } from '../../../../shared/contract/apps';
import type { AddApplicationRequestInput } from '../../../../shared/platform/containers';
import { Field } from '../../../ui/field';

interface Props {
  readonly index: number;
  readonly registries: readonly AppRegistry[];
  readonly onRemove: () => void;
}

function messageAt(errors: unknown, path: readonly (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const part of path) node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[part] : undefined;
  const message = typeof node === 'object' && node !== null ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** One container template's fields, bound to `containerTemplates.${index}`. */
export function ContainerTemplateEditor({ index, onRemove }: Props) {
  const { register, formState } = useFormContext<AddApplicationRequestInput>();
  const n = index + 1;
  return (
    <fieldset className="row-item">
      <legend>Container {n}</legend>
      <Field label="Container name" error={messageAt(formState.errors, ['containerTemplates', index, 'name'])}>
        {(p) => <input {...p} {...register(`containerTemplates.${index}.name`)} />}
      </Field>
      <Field label="Image name" error={messageAt(formState.errors, ['containerTemplates', index, 'imageName'])}>
        {(p) => <input {...p} {...register(`containerTemplates.${index}.imageName`)} />}
      </Field>
      <button type="button" onClick={onRemove}>
        Remove container {n}
      </button>
    </fieldset>
  );
}

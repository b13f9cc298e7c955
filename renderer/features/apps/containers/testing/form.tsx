/** A small create form around one container editor, validating with the create form's rules and timing, for component tests. */
import { useEffect } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import type { AppRegistry } from '../../../../../shared/contract/apps';
import { BridgeProvider } from '../../../../bridge/provider';
import { appFormResolver } from '../../form/form-schema';
import { LEAVE_VALIDATION_MODE, useLeaveValidation } from '../../form/use-leave-validation';
import { ContainerTemplateEditor } from '../ContainerTemplateEditor';
import type { AppForm } from '../form-kit';

export type TestFormApi = UseFormReturn<AppForm>;

/** Docker Hub and GitHub's public registries, as an account lists them, plus one private registry. */
export const TEST_REGISTRIES: readonly AppRegistry[] = [
  { id: 11, displayName: 'Docker Hub', hostName: 'docker.io', isPublic: true },
  { id: 12, displayName: 'GitHub', hostName: 'ghcr.io', isPublic: true },
  { id: 13, displayName: 'Team registry', hostName: 'registry.example.com' },
];

/** A request with one empty container, as the form starts. */
export function blankApp(): AppForm {
  return {
    name: 'web',
    runtimeType: 'shared',
    autoScaling: { min: 1, max: 1 },
    regionSettings: {},
    containerTemplates: [{ name: 'app' } as NonNullable<AppForm['containerTemplates']>[number]],
  };
}

interface Props {
  readonly initial?: AppForm;
  readonly registries?: readonly AppRegistry[];
  readonly onForm: (form: TestFormApi) => void;
  readonly onRemove?: () => void;
}

/** Renders the editor for container 0 inside a form; hands the form out so a test can read values and submit. */
export function TestForm({ initial, registries = TEST_REGISTRIES, onForm, onRemove = () => undefined }: Props) {
  const form = useForm<AppForm>({
    resolver: appFormResolver,
    defaultValues: initial ?? blankApp(),
    ...LEAVE_VALIDATION_MODE,
  });
  const leaving = useLeaveValidation(form);
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  // The image field asks the core through the bridge's hooks, so the form sits inside the bridge's provider as in the app.
  return (
    <BridgeProvider>
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(() => undefined)} onBlur={leaving.onBlur} onChange={leaving.onChange} noValidate>
        <ContainerTemplateEditor index={0} registries={registries} onRemove={onRemove} />
        <button type="submit">Check</button>
      </form>
    </FormProvider>
    </BridgeProvider>
  );
}

/** The body the form's values make: what JSON.stringify would send (undefined members left out). */
export function bodyOf(form: TestFormApi): Record<string, unknown> {
  return JSON.parse(JSON.stringify(form.getValues())) as Record<string, unknown>;
}

// @vitest-environment happy-dom
/** The image part of the container editor: a reference fills the parts and picks the registry, or says why it cannot. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, TEST_REGISTRIES, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

const DIGEST = `sha256:${'ab12'.repeat(16)}`;

function setup(): { form: () => TestFormApi } {
  let api: TestFormApi | undefined;
  render(<TestForm onForm={(f) => (api = f)} />);
  return { form: () => api! };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function paste(label: string, text: string) {
  const el = input(label);
  fireEvent.paste(el);
  fireEvent.change(el, { target: { value: text } });
  fireEvent.blur(el);
}

describe('image reference', () => {
  it('a pasted full reference fills registry, namespace, name, tag and digest', () => {
    const { form } = setup();
    paste('Image reference', `ghcr.io/acme/team/api:v1.2@${DIGEST}`);
    const c = (bodyOf(form()).containerTemplates as Record<string, unknown>[])[0];
    expect(c).toMatchObject({ imageRegistryId: '12', imageNamespace: 'acme/team', imageName: 'api', imageTag: 'v1.2', imageDigest: DIGEST });
    expect(input('Namespace').value).toBe('acme/team');
    expect(input('Tag').value).toBe('v1.2');
    expect((screen.getByLabelText('Registry') as HTMLSelectElement).value).toBe('12');
  });

  it('a bare name is an official Docker Hub image at latest', () => {
    const { form } = setup();
    paste('Image reference', 'nginx');
    const c = (bodyOf(form()).containerTemplates as Record<string, unknown>[])[0];
    expect(c).toMatchObject({ imageRegistryId: '11', imageNamespace: 'library', imageName: 'nginx', imageTag: 'latest' });
    expect(c).not.toHaveProperty('imageDigest');
  });

  it('an unknown host is explained, naming the host and the registries the account has, and no registry is chosen', () => {
    const { form } = setup();
    paste('Image reference', 'localhost:5000/app');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('localhost:5000');
    expect(alert.textContent).toContain('ghcr.io');
    expect(alert.textContent).toContain('registry.example.com');
    expect((bodyOf(form()).containerTemplates as Record<string, unknown>[])[0]).not.toHaveProperty('imageRegistryId');
  });

  it('changing the tag drops a digest that pinned the old one', () => {
    const { form } = setup();
    paste('Image reference', `ghcr.io/acme/api:v1@${DIGEST}`);
    fireEvent.change(input('Tag'), { target: { value: 'v2' } });
    const c = (bodyOf(form()).containerTemplates as Record<string, unknown>[])[0];
    expect(c).toMatchObject({ imageTag: 'v2' });
    expect(c).not.toHaveProperty('imageDigest');
    expect(input('Digest').value).toBe('');
    expect(input('Image reference').value).toBe('ghcr.io/acme/api:v2');
  });

  it('a broken reference names its rule under the box and changes nothing', () => {
    const { form } = setup();
    paste('Image reference', 'ghcr.io/Acme/api');
    expect(input('Image reference').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('must be lowercase');
    expect((bodyOf(form()).containerTemplates as Record<string, unknown>[])[0]).toMatchObject({ imageName: '' });
  });

  it('schema errors show under their part after submit', async () => {
    const { form } = setup();
    await act(async () => form().handleSubmit(() => undefined)());
    expect(input('Image name').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Image name: required (letters and digits joined by one or two of . / _ - — no spaces, and none of . / _ - at the start or end)');
  });
});

describe('image parts set from outside the editor', () => {
  it('a reset (a restored draft, the JSON view) shows in the reference box', () => {
    let api: TestFormApi | undefined;
    render(<TestForm onForm={(f) => (api = f)} />);
    const values = api!.getValues();
    act(() =>
      api!.reset({
        ...values,
        containerTemplates: [{ name: 'app', imageRegistryId: '13', imageNamespace: 'team', imageName: 'worker', imageTag: '2' }],
      }),
    );
    expect(input('Image reference').value).toBe('registry.example.com/team/worker:2');
    expect((screen.getByLabelText('Registry') as HTMLSelectElement).value).toBe('13');
  });

  it('typing keeps the text as typed, not rewritten to its long form', () => {
    setup();
    fireEvent.change(input('Image reference'), { target: { value: 'nginx' } });
    expect(input('Image reference').value).toBe('nginx');
    expect(input('Image name').value).toBe('nginx');
  });
});

describe('registries that arrive late', () => {
  it('a reference pasted before the registries loaded is matched once they arrive', () => {
    let api: TestFormApi | undefined;
    const onForm = (f: TestFormApi) => (api = f);
    const { rerender } = render(<TestForm registries={[]} onForm={onForm} />);
    paste('Image reference', 'ghcr.io/acme/api:1');
    expect(screen.getByRole('alert').textContent).toContain('no image registries yet');
    rerender(<TestForm registries={TEST_REGISTRIES} onForm={onForm} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((bodyOf(api!).containerTemplates as Record<string, unknown>[])[0]).toMatchObject({ imageRegistryId: '12' });
  });
});

describe('more than one registry at a host', () => {
  it('picks the one written with that host name and says the others can be chosen', () => {
    let api: TestFormApi | undefined;
    const registries = [...TEST_REGISTRIES, { id: 14, displayName: 'Docker Hub (paid)', hostName: 'https://index.docker.io/v1/' }];
    render(<TestForm registries={registries} onForm={(f) => (api = f)} />);
    paste('Image reference', 'postgres:16');
    expect(document.body.textContent).toContain("2 of this account's registries are at docker.io");
    expect((bodyOf(api!).containerTemplates as Record<string, unknown>[])[0]).toMatchObject({ imageRegistryId: '11', imageName: 'postgres', imageTag: '16' });
  });
});

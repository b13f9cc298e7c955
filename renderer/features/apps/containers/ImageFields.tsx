/**
 * The container's image: one reference box that fills the parts (completing public image names as they are typed),
 * the parts themselves (the tag completing from the image's tags, "Pin" filling the digest the tag names now), the
 * pull policy, and "Fill from image".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { AppRegistry } from '../../../../shared/contract/apps';
import { formatImageReference, parseImageReference, type ImageReferenceProblem } from '../../../../shared/apps/image-reference';
import { matchRegistry, registryHostKey } from '../../../../shared/apps/image-registry';
import { IMAGE_PULL_POLICIES } from '../../../../shared/apps/schema';
import { errorOf } from '../../../bridge/client';
import { useCallMutation, useFetchCall } from '../../../bridge/queries';
import { Field } from '../../../ui/field';
import { useCompletion } from './completion';
import { FillFromImage } from './FillFromImage';
import { at, errorAt, optionalText, type AppForm } from './form-kit';

interface Props {
  readonly index: number;
  readonly registries: readonly AppRegistry[];
}

const POLICY_LABELS: Record<(typeof IMAGE_PULL_POLICIES)[number], string> = {
  always: 'Always pull',
  ifNotPresent: 'Pull if not present',
};

/** The registry's host as a reference writes it (`ghcr.io`), or undefined for an id the list does not hold. */
function hostOf(registries: readonly AppRegistry[], id: unknown): string | undefined {
  const r = registries.find((x) => String(x.id) === id);
  return r ? registryHostKey(r.hostName) : undefined;
}

/** How long typing pauses before the registry is asked for names. */
export const SEARCH_DELAY_MS = 250;
/** Fewer characters than this match too much to be worth asking about. */
const MIN_PREFIX = 2;

/**
 * The name part of a reference being typed, for a public image search: null once a tag or digest is being typed, or
 * when there is too little; without a leading registry host and without Docker Hub's `library/`.
 */
export function searchPrefixOf(reference: string): string | null {
  const text = reference.trim();
  if (text.includes('@')) return null;
  const parts = text.split('/');
  const first = parts[0] ?? '';
  if (parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost')) parts.shift();
  if (parts.join('/').includes(':')) return null;
  if (parts[0] === 'library' && parts.length > 1) parts.shift();
  const prefix = parts.join('/');
  return prefix.length >= MIN_PREFIX ? prefix : null;
}

/** A public image as the reference box writes it: Docker Hub's official ones by name alone, others with their host. */
function referenceOfFound(host: string | undefined, namespace: string, name: string): string {
  const path = namespace && namespace !== 'library' ? `${namespace}/${name}` : name;
  return host && host !== 'docker.io' ? `${host}/${path}` : path;
}

/** Pasting or typing a whole reference fills registry, namespace, name, tag and digest; each part stays editable. */
export function ImageFields({ index, registries }: Props) {
  const { register, setValue, getValues, formState, control } = useFormContext<AppForm>();
  const p = (rest: string) => at(index, rest);
  const partPaths = ['imageRegistryId', 'imageNamespace', 'imageName', 'imageTag', 'imageDigest'].map(p);
  // Watched so that parts set from elsewhere (a restored draft, the JSON view, a preset) show in the reference box.
  useWatch<AppForm>({ name: partPaths });
  const referenceOf = () => {
    const [registryId, namespace, name, tag, digest] = getValues(partPaths) as unknown[];
    if (typeof name !== 'string' || name === '') return '';
    const host = hostOf(registries, registryId);
    const text = formatImageReference({
      registryHost: host ?? '',
      namespace: typeof namespace === 'string' ? namespace : '',
      name,
      tag: typeof tag === 'string' ? tag : '',
      digest: typeof digest === 'string' && digest !== '' ? digest : null,
    });
    // Without a known registry the host is unknown: show the path and tag alone rather than a leading "/".
    return host ? text : text.slice(1);
  };
  // What is being typed is UI state; the body holds only the parts.
  const [reference, setReference] = useState(referenceOf);
  const [seen, setSeen] = useState(reference);
  const [problems, setProblems] = useState<readonly ImageReferenceProblem[]>([]);
  const [showProblems, setShowProblems] = useState(false);
  const [registryNote, setRegistryNote] = useState<{ readonly kind: 'error' | 'hint'; readonly text: string } | null>(null);
  const noteId = useId();
  const completionId = useId();
  const tagInput = useRef<HTMLInputElement | null>(null);
  // Names found for the text typed; tags of the image chosen (by "registry/namespace/name"). A failed call shows nothing.
  const [found, setFound] = useState<{ readonly prefix: string; readonly images: readonly { readonly namespace: string; readonly name: string }[] } | null>(null);
  const [tags, setTags] = useState<{ readonly image: string; readonly tags: readonly string[] } | null>(null);
  // Null while the tag list shows every tag (just opened); the typed text once the user types into the tag.
  const [tagFilter, setTagFilter] = useState<string | null>(null);
  const formatted = referenceOf();
  if (formatted !== seen) {
    // The parts changed without this box: show them (while typing, applyReference marks its own result as seen).
    setSeen(formatted);
    setReference(formatted);
    setProblems([]);
  }
  const opts = { shouldDirty: true, shouldTouch: true, shouldValidate: formState.isSubmitted } as const;

  function applyReference(text: string) {
    setReference(text);
    const parsed = parseImageReference(text);
    if (!parsed.ok) {
      setProblems(parsed.problems);
      return;
    }
    setProblems([]);
    const ref = parsed.value;
    setValue(p('imageNamespace'), ref.namespace, opts);
    setValue(p('imageName'), ref.name, opts);
    setValue(p('imageTag'), ref.tag, opts);
    setValue(p('imageDigest'), ref.digest ?? undefined, opts);
    pickRegistry(ref.registryHost);
    setSeen(referenceOf());
  }

  function pickRegistry(host: string) {
    lastHost.current = host;
    const match = matchRegistry(registries, host);
    if (match.ok) {
      setValue(p('imageRegistryId'), match.imageRegistryId, opts);
      setRegistryNote(
        match.others.length > 0
          ? { kind: 'hint', text: `${match.others.length + 1} of this account's registries are at ${registryHostKey(host)}; pick the one to pull with under Registry.` }
          : null,
      );
    } else {
      setValue(p('imageRegistryId'), undefined, opts);
      setRegistryNote({ kind: 'error', text: match.message });
    }
  }

  // The account's registries may arrive after a reference was pasted: match its host again then.
  const lastHost = useRef<string | null>(null);
  useEffect(() => {
    if (lastHost.current !== null && !getValues(p('imageRegistryId'))) pickRegistry(lastHost.current);
    // Only a new list of registries is a reason to match again; pickRegistry reads that list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [registries]);

  /** After a part is edited by hand, the reference box shows the whole reference again. */
  const partChanged = () => {
    const text = referenceOf();
    setReference(text);
    setSeen(text);
    setProblems([]);
  };
  const error = (rest: string) => errorAt(formState.errors, p(rest));
  const shownProblems = showProblems ? problems : [];

  // Completion of names: asked of a public registry while the user types a name into the reference box.
  const [registryValue, namespaceValue, nameValue] = getValues([p('imageRegistryId'), p('imageNamespace'), p('imageName')]) as unknown[];
  const registryId = typeof registryValue === 'string' ? registryValue : '';
  const chosen = registries.find((r) => String(r.id) === registryId);
  const searchRegistry = chosen?.isPublic === true ? registryId : null;
  const prefix = searchPrefixOf(reference);
  const searchKey = searchRegistry !== null && prefix !== null ? `${searchRegistry}|${prefix}` : null;
  const [typingName, setTypingName] = useState(false);
  const fetchCall = useFetchCall();
  useEffect(() => {
    if (!typingName || searchKey === null || searchRegistry === null || prefix === null) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchCall('apps.searchImages', { registryId: searchRegistry, prefix }).then(
        (r) => live && setFound({ prefix: searchKey, images: r.images }),
        () => live && setFound({ prefix: searchKey, images: [] }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typingName, searchKey, searchRegistry, prefix, fetchCall]);
  const host = hostOf(registries, registryId);
  const nameOptions =
    found !== null && found.prefix === searchKey
      ? found.images.map((i) => referenceOfFound(host, i.namespace, i.name)).filter((ref, i, all) => ref !== reference.trim() && all.indexOf(ref) === i).map((ref) => ({ key: ref, label: ref }))
      : [];
  const names = useCompletion({
    id: `${completionId}-names`,
    label: 'Matching images',
    options: nameOptions,
    onPick: (o) => {
      setTypingName(false);
      applyReference(o.key);
      // The tag comes next: its list opens with the image's tags.
      tagInput.current?.focus();
    },
  });

  // Completion of tags, once an image is named: every tag when the field is entered, the matching ones as it is typed.
  const imageNamespace = typeof namespaceValue === 'string' && namespaceValue !== '' ? namespaceValue : 'library';
  const imageName = typeof nameValue === 'string' ? nameValue : '';
  const imageKey = registryId !== '' && imageName !== '' ? `${registryId}/${imageNamespace}/${imageName}` : null;
  function loadTags() {
    // Read now, not from the last render: a name just picked is in the form already, not yet on screen.
    const [r, ns, n] = getValues([p('imageRegistryId'), p('imageNamespace'), p('imageName')]) as unknown[];
    if (typeof r !== 'string' || r === '' || typeof n !== 'string' || n === '') return;
    const namespace = typeof ns === 'string' && ns !== '' ? ns : 'library';
    const key = `${r}/${namespace}/${n}`;
    if (tags?.image === key) return;
    fetchCall('apps.imageTags', { registryId: r, imageNamespace: namespace, imageName: n }).then(
      (r) => setTags({ image: key, tags: r.tags }),
      () => setTags({ image: key, tags: [] }),
    );
  }
  const tagOptions =
    tags !== null && tags.image === imageKey
      ? tags.tags
          .filter((t) => tagFilter === null || (t !== tagFilter && t.toLowerCase().includes(tagFilter.toLowerCase())))
          .slice(0, 50)
          .map((t) => ({ key: t, label: t }))
      : [];
  const tagList = useCompletion({
    id: `${completionId}-tags`,
    label: 'Available versions',
    options: tagOptions,
    onPick: (o) => {
      setValue(p('imageTag'), o.key, opts);
      setValue(p('imageDigest'), undefined, opts);
      partChanged();
    },
  });
  const tagRegistration = register(p('imageTag'), {
    // A digest pins one build of one tag: once the tag changes it names something else.
    onChange: (e: { target: { value: string } }) => {
      setValue(p('imageDigest'), undefined, opts);
      partChanged();
      setTagFilter(e.target.value);
      tagList.show();
    },
  });

  // Pin: the registry's digest of the tag as it is now, so the app keeps running that one build.
  const tag = getValues(p('imageTag'));
  const pinnable = imageKey !== null && typeof tag === 'string' && tag !== '' ? { registryId, imageNamespace, imageName, tag } : null;
  const pin = useCallMutation('apps.imageDigest', {
    onSuccess: ({ digest }) => {
      if (digest !== null) setValue(p('imageDigest'), digest, opts);
      partChanged();
    },
  });
  const pinHint = pin.error ? `The digest could not be read: ${errorOf(pin.error).title}` : pin.data?.digest === null ? 'The registry gives no digest for this tag.' : null;

  return (
    <div className="image-fields">
      <Field
        label="Image reference"
        hint="Paste or type a whole reference, such as nginx, ghcr.io/owner/app:1.0 or localhost:5000/app; it fills the parts below."
        error={shownProblems.map((x) => x.message).join(' ') || undefined}
      >
        {(c) => (
          <div className="completion-field">
            <input
              {...c}
              {...names.inputProps}
              // The registry note belongs to the reference that caused it.
              aria-describedby={[c['aria-describedby'], registryNote ? noteId : null].filter(Boolean).join(' ') || undefined}
              className="mono"
              spellCheck={false}
              autoComplete="off"
              value={reference}
              onChange={(e) => {
                applyReference(e.target.value);
                setShowProblems(false);
                setTypingName(true);
                names.show();
              }}
              onKeyDown={names.onKeyDown}
              onPaste={() => setShowProblems(true)}
              onBlur={() => {
                setShowProblems(reference !== '');
                setTypingName(false);
                names.close();
              }}
            />
            {names.list}
          </div>
        )}
      </Field>
      {registryNote && (
        <p id={noteId} className={registryNote.kind === 'error' ? 'field-error' : 'field-hint'} role={registryNote.kind === 'error' ? 'alert' : undefined}>
          {registryNote.text}
        </p>
      )}
      <div className="container-grid">
        <Field label="Registry" error={error('imageRegistryId')}>
          {(c) => (
            // Controlled, not registered: the account's registries arrive after the form opens, and an uncontrolled select
            // whose option is not there yet would lose a registry restored from a draft or a preset.
            <Controller
              name={p('imageRegistryId')}
              control={control}
              render={({ field }) => {
                const value = typeof field.value === 'string' ? field.value : '';
                return (
                  <select
                    {...c}
                    name={field.name}
                    ref={field.ref}
                    value={value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(optionalText(e.target.value));
                      setRegistryNote(null);
                      partChanged();
                    }}
                  >
                    <option value="">Choose a registry</option>
                    {value !== '' && !registries.some((r) => String(r.id) === value) && <option value={value}>Registry {value}</option>}
                    {registries.map((r) => (
                      <option key={String(r.id)} value={String(r.id)}>
                        {r.displayName} ({r.hostName})
                      </option>
                    ))}
                  </select>
                );
              }}
            />
          )}
        </Field>
        <Field label="Namespace" hint="library for official Docker Hub images" error={error('imageNamespace')}>
          {(c) => <input {...c} className="mono" {...register(p('imageNamespace'), { onChange: partChanged })} />}
        </Field>
        <Field label="Image name" error={error('imageName')}>
          {(c) => <input {...c} className="mono" {...register(p('imageName'), { onChange: partChanged })} />}
        </Field>
        <Field label="Tag" error={error('imageTag')}>
          {(c) => (
            <div className="completion-field">
              <input
                {...c}
                {...tagList.inputProps}
                className="mono"
                spellCheck={false}
                autoComplete="off"
                {...tagRegistration}
                ref={(el) => {
                  tagRegistration.ref(el);
                  tagInput.current = el;
                }}
                onFocus={() => {
                  loadTags();
                  setTagFilter(null);
                  tagList.show();
                }}
                onKeyDown={tagList.onKeyDown}
                onBlur={(e) => {
                  tagList.close();
                  void tagRegistration.onBlur(e);
                }}
              />
              {tagList.list}
            </div>
          )}
        </Field>
        <Field label="Digest" hint={pinHint ?? 'Optional: sha256: and 64 hex digits, or Pin the tag’s build'} error={error('imageDigest')}>
          {(c) => (
            <div className="row digest-field">
              <input {...c} className="mono" {...register(p('imageDigest'), { setValueAs: optionalText, onChange: partChanged })} />
              <button type="button" disabled={pinnable === null || pin.isPending} onClick={() => pinnable && pin.mutate(pinnable)}>
                Pin
              </button>
            </div>
          )}
        </Field>
        <Field label="Pull policy" error={error('imagePullPolicy')}>
          {(c) => (
            <select {...c} {...register(p('imagePullPolicy'), { setValueAs: optionalText })}>
              <option value="">Platform default</option>
              {IMAGE_PULL_POLICIES.map((v) => (
                <option key={v} value={v}>
                  {POLICY_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <FillFromImage index={index} />
    </div>
  );
}

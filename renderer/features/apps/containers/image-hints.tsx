/**
 * What the images a form's containers use said about them: the environment variables each container's image needs a
 * value for. Kept beside the form's values (never in the body): the env editor marks those rows, and Review refuses
 * an empty value for one (required-env.ts). A form without a provider knows of no required variables.
 */
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/** Required variable names by container index. */
export type RequiredEnv = ReadonlyMap<number, ReadonlySet<string>>;

interface ImageHints {
  readonly required: RequiredEnv;
  /** Adds names to one container's required variables. */
  markRequired(container: number, names: readonly string[]): void;
}

const NONE: ImageHints = { required: new Map(), markRequired: () => undefined };
const Context = createContext<ImageHints>(NONE);

/** The hints of one form, and a ref that always holds the latest (for the resolver, which is made once). */
export function useImageHintsState(): { readonly hints: ImageHints; readonly requiredRef: { readonly current: RequiredEnv } } {
  const [required, setRequired] = useState<RequiredEnv>(new Map());
  // Written where the state is (markRequired), so the resolver sees a new mark before the next render.
  const requiredRef = useRef<RequiredEnv>(required);
  const hints = useMemo<ImageHints>(
    () => ({
      required,
      markRequired(container, names) {
        setRequired((old) => {
          const next = new Map(old);
          next.set(container, new Set([...(old.get(container) ?? []), ...names]));
          requiredRef.current = next;
          return next;
        });
      },
    }),
    [required],
  );
  return { hints, requiredRef };
}

export function ImageHintsProvider({ hints, children }: { readonly hints: ImageHints; readonly children: ReactNode }) {
  return <Context.Provider value={hints}>{children}</Context.Provider>;
}

/** The hints of the surrounding form. */
export function useImageHints(): ImageHints {
  return useContext(Context);
}

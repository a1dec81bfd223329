import { type ComponentType, memo, Suspense, use, useEffect } from "react";

/*
 * A part of a screen whose code comes after the screen's (decision 073): the hero, the deal's countdown, a
 * dialog. A page the server drew shows it from the server's markup and hydrates it once its code is here, so the
 * screen hydrates without it and nothing moves; a screen drawn in the browser waits for its parts' code with its
 * own (`lazyScreen`), so it draws whole.
 */

/** A later part's code (`laterPart`), drawn by `<LaterPart part={…} />`. */
export interface PartCode<P extends object> {
  Code?: ComponentType<P>;
  /** Fetches the code (once); resolves whether it came, never rejects. */
  load: () => Promise<boolean>;
  /** While a part drawn before its code waits for it: settled once drawn with it (or the code failed). */
  waited?: { promise: Promise<void>; settle: () => void };
}

/** The parts of the code loaded so far: a part is known once the module defining it has run. */
const parts = new Set<PartCode<never>>();

/** What a part whose code failed waits for: the server's markup stays as it is (or, drawn here, nothing). */
const NEVER = new Promise<never>(() => undefined);

export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>): PartCode<P> {
  let loading: Promise<boolean> | undefined;
  const part: PartCode<P> = {
    load: () => {
      loading ??= load().then(
        (component) => {
          part.Code = component;
          return true;
        },
        () => {
          part.waited?.settle();
          return false;
        },
      );
      return loading;
    },
  };
  parts.add(part as PartCode<never>);
  return part;
}

function Drawn<P extends object>({ part, props }: { part: PartCode<P>; props: P }) {
  useEffect(() => part.waited?.settle(), [part]);
  if (!part.Code && !use(part.load())) use(NEVER);
  return part.Code ? <part.Code {...props} /> : null;
}

function Part<P extends object>({ part, ...props }: { part: PartCode<P> } & P) {
  // NOTE: a part taken away before its code came is not waited for any more.
  useEffect(() => () => part.waited?.settle(), [part]);
  if (!part.Code && !part.waited) {
    let settle: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      settle = resolve;
    });
    part.waited = { promise, settle };
  }
  return (
    <Suspense fallback={null}>
      <Drawn part={part} props={props as unknown as P} />
    </Suspense>
  );
}

/**
 * Draws a later part with its props. NOTE: memo: a boundary the server drew that is given new props before its
 * code is here is drawn afresh without it (React cannot hydrate it), which would blank it.
 */
export const LaterPart = memo(Part) as typeof Part;

/** Fetches the code of every part known so far (those of the screens whose code has run); never rejects. */
export const loadLaterParts = (): Promise<boolean[]> => Promise.all([...parts].map((part) => part.load()));

/** Settles once every part drawn before its code has been drawn with it (or its code failed). */
export const laterPartsDrawn = (): Promise<void> =>
  Promise.all([...parts].map((part) => part.waited?.promise)).then(() => undefined);

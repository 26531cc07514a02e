import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { afterNextPaint, afterPagePaint, markPagePainted } from '@client/lib/after-paint';
import { loadOrReload } from '@client/lib/stale-build';

/** False until the signed-in page has painted its content (see afterPagePaint). */
function usePagePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPagePaint(() => setPainted(true)), []);
  return painted;
}

/** Rendered beside the page's content: once that has painted, the deferred parts start loading. */
export function PagePaintMark() {
  useEffect(() => afterNextPaint(markPagePainted), []);
  return null;
}

/** A part whose code could not load stays out of the frame rather than replacing the page with an error. */
class QuietBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.name}: could not load`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of the signed-in frame that the first paint does without (the podcast players, the game-day
 * controls and alerts, the questionnaires): its code starts loading once the page inside the frame
 * has painted, and it shows when loaded.
 * Until then `placeholder` keeps its place, so nothing around it moves.
 */
export function afterFirstPaint<M, P extends object>(
  name: string,
  importPart: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  placeholder: ReactNode = null,
) {
  const load = loadOrReload(importPart);
  const Part = lazy(async () => ({ default: pick(await load()) }));
  function Deferred(props: P) {
    const painted = usePagePainted();
    if (!painted) return placeholder;
    return (
      <QuietBoundary name={name}>
        <Suspense fallback={placeholder}>
          <Part {...(props as ComponentProps<typeof Part>)} />
        </Suspense>
      </QuietBoundary>
    );
  }
  Deferred.displayName = `AfterFirstPaint(${name})`;
  return Deferred;
}

import { useId, useMemo, useReducer, type ReactNode } from 'react';
import { buttonClass } from '@client/components/button';
import { Dialog } from '@client/components/dialog';
import { HiddenFullName } from './full-name';
import { canAdvance, initialPickerState, isLastStep, lastWord, pickerReducer } from './picker-state';

export interface PickerItem {
  /** The short name stored in the selections, shown in bold on the tile ('KC'). */
  id: string;
  /** Full name ('Kansas City Chiefs'); the tile shows its last word under the short name. */
  name: string;
  /** The logo or icon at the top of the tile; decorative, as the words name the tile. */
  picture: ReactNode;
  /** A line at the foot of the tile, read as its description ('Typed JavaScript'). */
  description?: string;
}

/**
 * A tile's words: the short name and the last word of the full name, which start its accessible name
 * so speech control can say what is on screen, then the full name heard but not shown. The line at
 * the foot is the tile's description, not part of its name.
 */
function PickerTileText({ item, descriptionId }: { item: PickerItem; descriptionId: string }) {
  const caption = lastWord(item.name);
  return (
    <>
      <span className="text-sm font-bold text-slate-900 dark:text-slate-100">{item.id}</span>{' '}
      <span className="w-full truncate text-xs text-slate-700 dark:text-slate-300">{caption}</span>
      <HiddenFullName shown={`${item.id} ${caption}`} name={item.name} />
      {item.description ? (
        <span
          id={descriptionId}
          aria-hidden="true"
          className="line-clamp-2 text-[0.7rem] leading-tight text-slate-500 dark:text-slate-400"
        >
          {item.description}
        </span>
      ) : null}
    </>
  );
}

export interface PickerStep<K extends string> {
  key: K;
  title: string;
  description: string;
  items: readonly PickerItem[];
}

export interface PickerModalProps<K extends string> {
  open: boolean;
  steps: readonly PickerStep<K>[];
  /** Starting selections; the first visit starts empty, Edit starts from the saved favourites. */
  initialSelections?: Partial<Record<K, readonly string[]>>;
  /** 'Complete' on the last step and 'Skip for now' anywhere: every step's selections. */
  onComplete: (selections: Record<K, string[]>) => void;
  onClose: () => void;
}

/**
 * The questionnaire dialog both pickers share: a four-segment progress bar, a grid of toggle tiles
 * (2 columns on phones up to 8 on wide screens, scrolling past 24rem), the 'Selected:' row and the
 * Previous / 'Skip for now' / Next-or-'Complete' buttons. Renders nothing while closed, and starts
 * over at the first step each time it opens.
 */
export function PickerModal<K extends string>(props: PickerModalProps<K>) {
  if (!props.open) return null;
  return <PickerBody {...props} />;
}

function PickerBody<K extends string>({
  steps,
  initialSelections,
  onComplete,
  onClose,
}: PickerModalProps<K>) {
  const keys = useMemo(() => steps.map((step) => step.key), [steps]);
  const reducer = useMemo(() => pickerReducer(keys), [keys]);
  const [state, dispatch] = useReducer(reducer, undefined, () => initialPickerState(keys, initialSelections));
  const step = steps[state.step]!;
  const selected = state.selections[step.key];
  const last = isLastStep(state, keys);
  const descriptionIds = useId();

  const footer = (
    <>
      {state.step > 0 ? (
        <button
          type="button"
          className={`${buttonClass('secondary', 'sm')} mr-auto`}
          onClick={() => dispatch({ type: 'previous' })}
        >
          Previous
        </button>
      ) : null}
      <button
        type="button"
        className={buttonClass('ghost', 'sm')}
        onClick={() => onComplete(state.selections)}
      >
        Skip for now
      </button>
      <button
        type="button"
        className={buttonClass('primary', 'sm')}
        disabled={!canAdvance(state, keys)}
        onClick={() => (last ? onComplete(state.selections) : dispatch({ type: 'next' }))}
      >
        {last ? 'Complete' : 'Next'}
      </button>
    </>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={step.title}
      description={`${step.description} (you can select multiple)`}
      footer={footer}
      closeLabel="Close"
    >
      <div
        role="progressbar"
        aria-label="Questionnaire progress"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={state.step + 1}
        aria-valuetext={`Step ${state.step + 1} of ${steps.length}`}
        className="mb-4 grid gap-1.5"
        style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
      >
        {steps.map((item, index) => (
          <span
            key={item.key}
            data-filled={index <= state.step}
            className={`h-1.5 rounded-full transition-colors ${
              index <= state.step ? 'bg-brand-600 dark:bg-brand-500' : 'bg-slate-200 dark:bg-slate-700'
            }`}
          />
        ))}
      </div>

      <ul
        aria-label={step.title}
        className="grid max-h-96 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 xl:grid-cols-8"
      >
        {step.items.map((item, index) => {
          const isSelected = selected.includes(item.id);
          const descriptionId = `${descriptionIds}-${index}`;
          return (
            <li key={item.id} className="min-w-0">
              <button
                type="button"
                aria-pressed={isSelected}
                aria-describedby={item.description ? descriptionId : undefined}
                title={item.name}
                onClick={() => dispatch({ type: 'toggle', id: item.id })}
                className={`flex h-full w-full flex-col items-center gap-1 rounded-xl border-2 p-2 text-center transition-colors ${
                  isSelected
                    ? 'border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-brand-500/15'
                    : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60 dark:hover:border-slate-600 dark:hover:bg-slate-800'
                }`}
              >
                {item.picture}
                <PickerTileText item={item} descriptionId={descriptionId} />
              </button>
            </li>
          );
        })}
      </ul>

      {selected.length > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-1.5 text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-300">Selected:</span>
          {selected.map((id) => (
            <span
              key={id}
              className="rounded-md bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100"
            >
              {id}
            </span>
          ))}
        </p>
      ) : null}
    </Dialog>
  );
}

/**
 * The rules of both questionnaire pickers, kept apart from the markup:
 * the step starts at 0; a tile toggles its short name in the current step's list; selections survive
 * moving between steps; Next needs a pick in the current step except on the last step, where the
 * button ('Complete') is always enabled; Previous does nothing on the first step.
 */
export interface PickerState<K extends string> {
  step: number;
  selections: Record<K, string[]>;
}

export type PickerAction = { type: 'toggle'; id: string } | { type: 'next' } | { type: 'previous' };

export function initialPickerState<K extends string>(
  keys: readonly K[],
  initial?: Partial<Record<K, readonly string[]>>,
): PickerState<K> {
  const selections = {} as Record<K, string[]>;
  for (const key of keys) selections[key] = [...(initial?.[key] ?? [])];
  return { step: 0, selections };
}

export function pickerReducer<K extends string>(keys: readonly K[]) {
  return (state: PickerState<K>, action: PickerAction): PickerState<K> => {
    const key = keys[state.step]!;
    switch (action.type) {
      case 'toggle': {
        const list = state.selections[key];
        const next = list.includes(action.id) ? list.filter((id) => id !== action.id) : [...list, action.id];
        return { ...state, selections: { ...state.selections, [key]: next } };
      }
      case 'next':
        return state.step < keys.length - 1 && canAdvance(state, keys)
          ? { ...state, step: state.step + 1 }
          : state;
      case 'previous':
        return state.step > 0 ? { ...state, step: state.step - 1 } : state;
    }
  };
}

export function isLastStep<K extends string>(state: PickerState<K>, keys: readonly K[]): boolean {
  return state.step === keys.length - 1;
}

/** Whether Next (or Complete) is enabled. There is no maximum number of selections. */
export function canAdvance<K extends string>(state: PickerState<K>, keys: readonly K[]): boolean {
  if (isLastStep(state, keys)) return true;
  return state.selections[keys[state.step]!].length > 0;
}

/** The last word of a name, as tiles show it ('Chiefs', '49ers', 'Sox', 'Face'). */
export function lastWord(name: string): string {
  const words = name.trim().split(/\s+/);
  return words[words.length - 1] ?? name;
}

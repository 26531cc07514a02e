import { useSetAtom, type PrimitiveAtom, type WritableAtom } from '@client/lib/store';
import type { ReactNode } from 'react';
import { EmptyStrip, StripHeader } from './chip';
import { resetTeamsAtom, resetTechAtom, teamPickerOpenAtom, techPickerOpenAtom } from './state';

interface StripSetup {
  title: string;
  editLabel: string;
  resetLabel: string;
  emptyTitle: string;
  hint: string;
  action: string;
  pickerOpenAtom: PrimitiveAtom<boolean>;
  resetAtom: WritableAtom<null, [], void>;
}

/** The two strips differ only in their words and in which picker and reset they drive. */
const STRIPS = {
  teams: {
    title: 'Your Favorite Teams',
    editLabel: 'Edit Teams',
    resetLabel: 'Reset favorite teams',
    emptyTitle: 'No favorite teams selected',
    hint: 'Choose your favorite teams to get personalized content',
    action: 'Select Teams',
    pickerOpenAtom: teamPickerOpenAtom,
    resetAtom: resetTeamsAtom,
  },
  tech: {
    title: 'Your Tech Interests',
    editLabel: 'Edit Interests',
    resetLabel: 'Reset tech interests',
    emptyTitle: 'No tech interests selected',
    hint: 'Choose your tech interests to get personalized content',
    action: 'Select Tech Interests',
    pickerOpenAtom: techPickerOpenAtom,
    resetAtom: resetTechAtom,
  },
} satisfies Record<string, StripSetup>;

/**
 * A favourites strip: the section named by its title, the header with Edit (and Reset once there is
 * something to reset), then the chips, or the empty state when there are none.
 */
export function FavouritesStrip({
  kind,
  count,
  children,
}: {
  kind: keyof typeof STRIPS;
  count: number;
  children: ReactNode;
}) {
  const strip: StripSetup = STRIPS[kind];
  const openPicker = useSetAtom(strip.pickerOpenAtom);
  const reset = useSetAtom(strip.resetAtom);

  return (
    <section aria-label={strip.title}>
      <StripHeader
        title={strip.title}
        editLabel={strip.editLabel}
        resetLabel={count > 0 ? strip.resetLabel : undefined}
        onEdit={() => openPicker(true)}
        onReset={reset}
      />
      {count === 0 ? (
        <EmptyStrip
          title={strip.emptyTitle}
          hint={strip.hint}
          action={strip.action}
          onAction={() => openPicker(true)}
        />
      ) : (
        children
      )}
    </section>
  );
}

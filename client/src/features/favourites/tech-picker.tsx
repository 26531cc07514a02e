import { useMemo } from 'react';
import { TECH_CATEGORIES, type TechCategoryKey } from '@shared/data/tech-interests';
import { PickerModal, type PickerStep } from './picker-modal';
import type { FavouriteTech } from './storage';
import { TechIcon } from './tech-icon';

export interface TechPickerModalProps {
  open: boolean;
  initialSelections?: Partial<FavouriteTech>;
  /** Arrays languages, stacks, industries, companies of short names. */
  onComplete: (selections: FavouriteTech) => void;
  onClose: () => void;
}

/** 'Select Your Favorite {category}': languages, stacks, industries, companies. */
export function TechPickerModal(props: TechPickerModalProps) {
  const steps = useMemo<PickerStep<TechCategoryKey>[]>(
    () =>
      TECH_CATEGORIES.map((category) => ({
        key: category.key,
        title: `Select Your Favorite ${category.title}`,
        description: category.description,
        items: category.items.map((item) => ({
          id: item.short_name,
          name: item.name,
          picture: <TechIcon category={category.key} item={item} className="h-10 w-10" />,
          description: item.description,
        })),
      })),
    [],
  );
  return <PickerModal {...props} steps={steps} />;
}

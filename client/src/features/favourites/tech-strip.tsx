import { useAtomValue, useSetAtom } from '@client/lib/store';
import { TECH_CATEGORIES, findInterest, type TechCategoryKey } from '@shared/data/tech-interests';
import { FavouriteChip } from './chip';
import { interestSearchQuery } from './queries';
import { favouriteTechAtom, removeInterestAtom } from './state';
import { FavouritesStrip } from './strip';
import { countFavourites } from './storage';
import { TechIcon } from './tech-icon';

/** Group colours: languages blue, stacks green, industries purple, companies orange. */
export const CATEGORY_STYLE: Record<TechCategoryKey, { dot: string; label: string }> = {
  languages: { dot: 'bg-blue-500', label: 'text-blue-700 dark:text-blue-300' },
  stacks: { dot: 'bg-green-500', label: 'text-green-700 dark:text-green-300' },
  industries: { dot: 'bg-purple-500', label: 'text-purple-700 dark:text-purple-300' },
  companies: { dot: 'bg-orange-500', label: 'text-orange-700 dark:text-orange-300' },
};

export interface TechInterestsStripProps {
  /** A chip was clicked: run this query in the tech search. */
  onSearch: (query: string) => void;
}

/** 'Your Tech Interests' with 'Edit Interests': chips grouped by category, or the empty state. */
export function TechInterestsStrip({ onSearch }: TechInterestsStripProps) {
  const favourites = useAtomValue(favouriteTechAtom);
  const removeInterest = useSetAtom(removeInterestAtom);

  return (
    <FavouritesStrip kind="tech" count={countFavourites(favourites)}>
      <div className="flex flex-col gap-2.5">
        {TECH_CATEGORIES.map((category) => {
          const items = favourites[category.key]
            .map((shortName) => findInterest(category.key, shortName))
            .filter((item) => item !== undefined);
          if (items.length === 0) return null;
          const style = CATEGORY_STYLE[category.key];
          return (
            <div key={category.key} className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-3">
              <h3
                className={`flex shrink-0 items-center gap-1.5 pt-1 text-xs font-semibold tracking-wide uppercase sm:w-28 ${style.label}`}
              >
                <span aria-hidden="true" className={`h-2 w-2 rounded-full ${style.dot}`} />
                {category.label}
              </h3>
              <ul aria-label={category.label} className="flex flex-wrap gap-2">
                {items.map((item) => (
                  <FavouriteChip
                    key={item.short_name}
                    name={item.name}
                    label={item.short_name}
                    leading={<TechIcon category={category.key} item={item} className="h-5 w-5" />}
                    trailing={
                      <span
                        title={`${item.name} · ${category.title}`}
                        aria-hidden="true"
                        className={`h-1.5 w-1.5 shrink-0 rounded-full ${style.dot}`}
                      />
                    }
                    onSelect={() => onSearch(interestSearchQuery(item, category))}
                    onRemove={() => removeInterest(category.key, item.short_name)}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </FavouritesStrip>
  );
}

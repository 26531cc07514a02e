import techJson from './tech-interests.json';

/** The four tech groups, in the order the tech picker walks them. */
export const TECH_CATEGORY_KEYS = ['languages', 'stacks', 'industries', 'companies'] as const;
export type TechCategoryKey = (typeof TECH_CATEGORY_KEYS)[number];

/** An item of the tech catalogue Looked up by short_name. */
export interface InterestItem {
  name: string;
  short_name: string;
  /** Remote icon; industries and most companies have none. */
  icon_url?: string;
  /** Hex colour, `#RRGGBB`. */
  color: string;
  description?: string;
}

/** A tech group with the texts the picker and the strip show for it. */
export interface TechCategory {
  key: TechCategoryKey;
  /** Picker step title: 'Select Your Favorite {title}'. */
  title: string;
  /** Short group label of the interests strip, also used in a chip's search query. */
  label: string;
  /** Picker sub-text, followed by '(you can select multiple)'. */
  description: string;
  items: readonly InterestItem[];
}

const raw = techJson as Record<TechCategoryKey, InterestItem[]>;

const TEXTS: Record<TechCategoryKey, Pick<TechCategory, 'title' | 'label' | 'description'>> = {
  languages: {
    title: 'Programming Languages',
    label: 'Languages',
    description: 'Choose the languages you write or want to hear about',
  },
  stacks: {
    title: 'Tech Stacks & Frameworks',
    label: 'Tech Stacks',
    description: 'Choose the frameworks and runtimes you build with',
  },
  industries: {
    title: 'Industries & Verticals',
    label: 'Industries',
    description: 'Choose the industries whose news you follow',
  },
  companies: {
    title: 'Companies & AI Startups',
    label: 'Companies',
    description: 'Choose the companies and AI startups you keep an eye on',
  },
};

/** Every tech group in picker order. */
export const TECH_CATEGORIES: readonly TechCategory[] = TECH_CATEGORY_KEYS.map((key) => ({
  key,
  ...TEXTS[key],
  items: raw[key],
}));

const byCategory = new Map(TECH_CATEGORIES.map((category) => [category.key, category]));

/** The group of a key. */
export function getTechCategory(key: TechCategoryKey): TechCategory {
  return byCategory.get(key)!;
}

/** An item by group and short name (lookups are by short_name, never by name). */
export function findInterest(category: TechCategoryKey, shortName: string): InterestItem | undefined {
  return byCategory.get(category)?.items.find((item) => item.short_name === shortName);
}

import type { League, SportsTeam } from '@shared/data/teams';
import type { InterestItem, TechCategory } from '@shared/data/tech-interests';

/** A team chip's search: '{team name} {league label} news articles latest updates'. */
export function teamSearchQuery(team: Pick<SportsTeam, 'name'>, league: Pick<League, 'name'>): string {
  return `${team.name} ${league.name} news articles latest updates`;
}

/** An interest chip's search: the item's name, its group label and 'news articles latest updates'. */
export function interestSearchQuery(
  item: Pick<InterestItem, 'name'>,
  category: Pick<TechCategory, 'label'>,
): string {
  return `${item.name} ${category.label} news articles latest updates`;
}

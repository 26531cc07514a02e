import { useEffect, useState } from 'react';
import type { InterestItem, TechCategoryKey } from '@shared/data/tech-interests';
import { isNearBlack, textOn } from './colours';
import type { PackagedIcon } from './packaged-icons';

type IconMap = Record<string, PackagedIcon>;

let loadedIcons: IconMap | null = null;
let iconsLoading: Promise<IconMap> | null = null;

/**
 * The packaged icons (packaged-icons.ts) are about 22 KB of SVG paths (gzip), so they load when an
 * icon is first drawn, after the dashboard's strips have painted, not with the page. Until then an
 * icon keeps its place empty; if they cannot load, items show their catalogue icon or initial.
 */
function usePackagedIcons(): IconMap | null {
  const [icons, setIcons] = useState(loadedIcons);
  useEffect(() => {
    if (icons) return;
    let live = true;
    iconsLoading ??= import('./packaged-icons').then(
      (module) => (loadedIcons = module.PACKAGED_ICONS),
      (error: unknown) => {
        console.warn('favourites: the tech icons did not load', error);
        return (loadedIcons = {});
      },
    );
    void iconsLoading.then((loaded) => {
      if (live) setIcons(loaded);
    });
    return () => {
      live = false;
    };
  }, [icons]);
  return icons;
}

/** The first letter of the short code on the item's colour, for items without an icon. */
export function InitialBadge({ item, className }: { item: InterestItem; className: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="initial-badge"
      className={`${className} flex items-center justify-center rounded-full font-bold leading-none`}
      style={{ backgroundColor: item.color, color: textOn(item.color) }}
    >
      {item.short_name.charAt(0)}
    </span>
  );
}

/** An interest's icon: the packaged one, else the catalogue's (hidden on error), else the initial. */
export function TechIcon({
  category,
  item,
  className,
}: {
  category: TechCategoryKey;
  item: InterestItem;
  className: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const icons = usePackagedIcons();
  if (!icons) return <span aria-hidden="true" className={className} />;
  const icon = icons[`${category}:${item.short_name}`];
  if (icon) {
    const fill = `#${icon.hex}`;
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`${className} ${isNearBlack(fill) ? 'text-slate-900 dark:text-slate-100' : ''}`}
        fill={isNearBlack(fill) ? 'currentColor' : fill}
      >
        <path d={icon.path} />
      </svg>
    );
  }
  if (item.icon_url && failedUrl !== item.icon_url) {
    return (
      <img
        src={item.icon_url}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(item.icon_url ?? null)}
        className={`${className} object-contain`}
      />
    );
  }
  return <InitialBadge item={item} className={`${className} text-xs`} />;
}

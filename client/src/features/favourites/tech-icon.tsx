import { useState } from 'react';
import {
  siAngular,
  siCplusplus,
  siDart,
  siDatabricks,
  siDjango,
  siExpress,
  siFigma,
  siFlask,
  siFlutter,
  siGo,
  siGoogle,
  siHuggingface,
  siJavascript,
  siKotlin,
  siLaravel,
  siMeta,
  siNetflix,
  siNextdotjs,
  siNodedotjs,
  siNotion,
  siNuxt,
  siNvidia,
  siOpenjdk,
  siPerplexity,
  siPhp,
  siPlanetscale,
  siPython,
  siPytorch,
  siR,
  siReact,
  siRuby,
  siRubyonrails,
  siRust,
  siScala,
  siShopify,
  siSnowflake,
  siSpringboot,
  siStripe,
  siSupabase,
  siSwift,
  siTensorflow,
  siTesla,
  siTypescript,
  siUber,
  siAirbnb,
  siAnthropic,
  siApple,
  siVercel,
  siVuedotjs,
  type SimpleIcon,
} from 'simple-icons';
import type { InterestItem, TechCategoryKey } from '@shared/data/tech-interests';
import { isNearBlack, textOn } from './colours';

/**
 * Icons that ship in the simple-icons package, imported one by one so only these are bundled, keyed
 * `{category}:{short_name}`. They replace the catalogue's CDN URLs; items without one here fall back
 * to the catalogue's icon_url, then to a coloured initial.
 */
const PACKAGED_ICONS: Record<string, SimpleIcon> = {
  'languages:JS': siJavascript,
  'languages:TS': siTypescript,
  'languages:PY': siPython,
  'languages:JAVA': siOpenjdk,
  'languages:C++': siCplusplus,
  'languages:GO': siGo,
  'languages:RUST': siRust,
  'languages:SWIFT': siSwift,
  'languages:KT': siKotlin,
  'languages:PHP': siPhp,
  'languages:RB': siRuby,
  'languages:R': siR,
  'languages:SCALA': siScala,
  'languages:DART': siDart,
  'stacks:REACT': siReact,
  'stacks:VUE': siVuedotjs,
  'stacks:NG': siAngular,
  'stacks:NODE': siNodedotjs,
  'stacks:EXP': siExpress,
  'stacks:NEXT': siNextdotjs,
  'stacks:NUXT': siNuxt,
  'stacks:DJ': siDjango,
  'stacks:FLASK': siFlask,
  'stacks:SPRING': siSpringboot,
  'stacks:LARAVEL': siLaravel,
  'stacks:RAILS': siRubyonrails,
  'stacks:FLUTTER': siFlutter,
  'stacks:RN': siReact,
  'stacks:TF': siTensorflow,
  'stacks:PT': siPytorch,
  'companies:ANTHROPIC': siAnthropic,
  'companies:GOOGLE': siGoogle,
  'companies:AAPL': siApple,
  'companies:META': siMeta,
  'companies:TSLA': siTesla,
  'companies:NVDA': siNvidia,
  'companies:NFLX': siNetflix,
  'companies:UBER': siUber,
  'companies:ABNB': siAirbnb,
  'companies:STRIPE': siStripe,
  'companies:SHOP': siShopify,
  'companies:SNOW': siSnowflake,
  'companies:DATABRICKS': siDatabricks,
  'companies:HF': siHuggingface,
  'companies:PERP': siPerplexity,
  'companies:NOTION': siNotion,
  'companies:FIGMA': siFigma,
  'companies:VERCEL': siVercel,
  'companies:SUPABASE': siSupabase,
  'companies:PLANET': siPlanetscale,
};

export function packagedIcon(category: TechCategoryKey, shortName: string): SimpleIcon | undefined {
  return PACKAGED_ICONS[`${category}:${shortName}`];
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
  const icon = packagedIcon(category, item.short_name);
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

// Inline SVG icons (decorative: every use sits next to a text label or aria-label). One set for the whole UI:
// Lucide's outline icons (ISC licence, https://lucide.dev), 24-unit grid, 2-unit round strokes, drawn in
// `currentColor`, so every icon matches its neighbours on every system (emoji fonts differ or are missing).
// Brand marks (GitHub, X, Discord) are not in Lucide and keep their own filled shapes.
import type { ReactNode } from 'react';
import { BRAND_MARKS } from './brand-marks.ts';
import type { FeatureIconName } from './feature-icons.ts';
import type { SocialIcon } from './types.ts';

const outline = (children: ReactNode, size = 18) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

const paths = (...d: string[]) => d.map((path) => <path key={path} d={path} />);

const brand = (d: string, size = 20) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={d} />
  </svg>
);

// Lucide: layout-grid.
export const GridIcon = () =>
  outline(
    <>
      <rect width="7" height="7" x="3" y="3" rx="1" />
      <rect width="7" height="7" x="14" y="3" rx="1" />
      <rect width="7" height="7" x="14" y="14" rx="1" />
      <rect width="7" height="7" x="3" y="14" rx="1" />
    </>,
  );
export const SearchIcon = () =>
  outline(
    <>
      <path d="m21 21-4.34-4.34" />
      <circle cx="11" cy="11" r="8" />
    </>,
    16,
  );
export const SunIcon = () =>
  outline(
    <>
      <circle cx="12" cy="12" r="4" />
      {paths(
        'M12 2v2',
        'M12 20v2',
        'm4.93 4.93 1.41 1.41',
        'm17.66 17.66 1.41 1.41',
        'M2 12h2',
        'M20 12h2',
        'm6.34 17.66-1.41 1.41',
        'm19.07 4.93-1.41 1.41',
      )}
    </>,
  );
export const MoonIcon = () =>
  outline(
    paths(
      'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401',
    ),
  );
export const MenuIcon = () => outline(paths('M4 5h16', 'M4 12h16', 'M4 19h16'), 20);
// Lucide: x.
export const CloseIcon = () => outline(paths('M18 6 6 18', 'm6 6 12 12'), 20);
// Lucide: panel-left (the mobile sidebar's button).
export const SidebarIcon = () =>
  outline(
    <>
      <rect width="18" height="18" x="3" y="3" rx="2" />
      <path d="M9 3v18" />
    </>,
    16,
  );
// Lucide: chevron-down.
export const ChevronIcon = () => outline(paths('m6 9 6 6 6-6'), 14);
// Lucide: languages.
export const LanguageIcon = () =>
  outline(paths('m5 8 6 6', 'm4 14 6-6 2-3', 'M2 5h12', 'M7 2h1', 'm22 22-5-10-5 10', 'M14 18h6'));
export const ArrowUpIcon = () => outline(paths('m5 12 7-7 7 7', 'M12 19V5'));
export const ArrowDownIcon = () => outline(paths('M12 5v14', 'm19 12-7 7-7-7'));
// Lucide: corner-down-left.
export const EnterKeyIcon = () => outline(paths('M20 4v7a4 4 0 0 1-4 4H4', 'm9 10-5 5 5 5'));
// Lucide: ellipsis.
export const MoreIcon = () =>
  outline(
    <>
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
      <circle cx="5" cy="12" r="1" />
    </>,
    20,
  );
// Lucide: square-pen.
export const EditIcon = () =>
  outline(
    paths(
      'M12 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7',
      'M18.375 2.625a1 1 0 0 1 3 3l-9.013 9.014a2 2 0 0 1-.853.505l-2.873.84a.5.5 0 0 1-.62-.62l.84-2.873a2 2 0 0 1 .506-.852z',
    ),
    16,
  );
// Search hit types. Lucide: file-text, hash, text.
export const PageIcon = () =>
  outline(
    paths(
      'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z',
      'M14 2v5a1 1 0 0 0 1 1h5',
      'M10 9H8',
      'M16 13H8',
      'M16 17H8',
    ),
  );
export const HeadingIcon = () => outline(paths('M4 9h16', 'M4 15h16', 'M10 3 8 21', 'M16 3l-2 18'));
export const TextIcon = () => outline(paths('M21 5H3', 'M15 12H3', 'M17 19H3'));

/**
 * Icons a home page feature can name in its front matter (`icon: zap`), by Lucide name (the list is
 * common/feature-icons.ts; an unknown name fails the build in lib/frontmatter.ts).
 */
export const FEATURE_ICONS: Record<FeatureIconName, () => ReactNode> = {
  'app-window': () =>
    outline(
      <>
        <rect x="2" y="4" width="20" height="16" rx="2" />
        {paths('M10 4v4', 'M2 8h20', 'M6 4v4')}
      </>,
      24,
    ),
  'file-code': () =>
    outline(
      paths(
        'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z',
        'M14 2v5a1 1 0 0 0 1 1h5',
        'M10 12.5 8 15l2 2.5',
        'm14 12.5 2 2.5-2 2.5',
      ),
      24,
    ),
  layers: () =>
    outline(
      paths(
        'M12.83 2.18a2 2 0 0 0-1.66 0L2.6 6.08a1 1 0 0 0 0 1.83l8.58 3.91a2 2 0 0 0 1.66 0l8.58-3.9a1 1 0 0 0 0-1.83z',
        'M2 12a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 12',
        'M2 17a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 17',
      ),
      24,
    ),
  recycle: () =>
    outline(
      paths(
        'M7 19H4.815a1.83 1.83 0 0 1-1.57-.881 1.785 1.785 0 0 1-.004-1.784L7.196 9.5',
        'M11 19h8.203a1.83 1.83 0 0 0 1.556-.89 1.784 1.784 0 0 0 0-1.775l-1.226-2.12',
        'm14 16-3 3 3 3',
        'M8.293 13.596 7.196 9.5 3.1 10.598',
        'm9.344 5.811 1.093-1.892A1.83 1.83 0 0 1 11.985 3a1.784 1.784 0 0 1 1.546.888l3.943 6.843',
        'm13.378 9.633 4.096 1.098 1.097-4.096',
      ),
      24,
    ),
  'scan-eye': () =>
    outline(
      <>
        {paths(
          'M3 7V5a2 2 0 0 1 2-2h2',
          'M17 3h2a2 2 0 0 1 2 2v2',
          'M21 17v2a2 2 0 0 1-2 2h-2',
          'M7 21H5a2 2 0 0 1-2-2v-2',
        )}
        <circle cx="12" cy="12" r="1" />
        <path d="M18.944 12.33a1 1 0 0 0 0-.66 7.5 7.5 0 0 0-13.888 0 1 1 0 0 0 0 .66 7.5 7.5 0 0 0 13.888 0" />
      </>,
      24,
    ),
  zap: () =>
    outline(
      paths(
        'M15.914 4a1.5 1.5 0 00-2.474-1.561l-9 9A1.5 1.5 0 005.5 14h4.002a.5.5 0 01.471.666L8.086 20a1.5 1.5 0 002.475 1.56l9-9A1.5 1.5 0 0018.5 10h-3.997a.5.5 0 01-.472-.667z',
      ),
      24,
    ),
};

export function SocialIconSvg({ icon, sprite }: { icon: SocialIcon; sprite?: string }) {
  if (typeof icon !== 'string')
    return <span className="icon-custom" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon.svg }} />;
  // With the sprite's URL, a reference to its symbol (common/brand-marks.ts); else the mark itself.
  if (!sprite) return brand(BRAND_MARKS[icon]);
  return (
    <svg width={20} height={20} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${icon}`} />
    </svg>
  );
}

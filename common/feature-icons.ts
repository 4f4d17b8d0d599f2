// The icon names a home page feature may give in its front matter (`icon: zap`): Lucide names, drawn by
// FEATURE_ICONS in common/icons.tsx. A plain list (no JSX) so the build's front-matter check can read it.
export const FEATURE_ICON_NAMES = ['app-window', 'file-code', 'layers', 'recycle', 'scan-eye', 'zap'] as const;

export type FeatureIconName = (typeof FEATURE_ICON_NAMES)[number];

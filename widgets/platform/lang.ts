// The language a widget speaks: its `lang` attribute, else the page's; UI strings come from the theme's packs.
import { builtInWidgetTexts, type WidgetTexts } from '../../common/i18n.ts';

/** `lang` attribute, else the nearest `lang` in the document, else English. */
export function widgetLang(host: Element, attribute?: string): string {
  return attribute || host.closest('[lang]')?.getAttribute('lang') || 'en';
}

/** Spec §2.10: the `lang` setting if given, else Chinese when the path contains "zh", else English. */
export function langFromPath(attribute: string | undefined, pathname = window.location.pathname): string {
  return attribute || (pathname.includes('zh') ? 'zh' : 'en');
}

export function isChinese(lang: string): boolean {
  return lang.toLowerCase().startsWith('zh');
}

export function widgetTexts(lang: string): WidgetTexts {
  return builtInWidgetTexts(lang);
}

// The top bar: tools menu, logo, nav items (links and hover/focus dropdowns), search, language and version
// switchers, theme toggle, social links and the mobile menu toggle. Every menu works without JavaScript.
// Under 768 px the right-hand part is the full-screen menu: nav links, then one labelled row per control
// (language, version, appearance) and a row of social icons; the hamburger turns into a close (✕) control.
import { isNavActive } from '../../common/nav.ts';
import { brandSpriteFile } from '../../common/brand-marks.ts';
import { isExternalUrl, translatePath, withBase } from '../../common/routes.ts';
import type { NavItem, SocialLink } from '../../common/types.ts';
import { builtInWidgetTexts } from '../../common/i18n.ts';
import { localHref, type LayoutProps } from '../context.ts';
import { SearchButtonShadow, ThemeToggleShadow, ToolsMenuShadow } from './widget-shadows.tsx';
import { ChevronIcon, CloseIcon, LanguageIcon, MenuIcon, MoreIcon, SocialIconSvg } from '../../common/icons.tsx';

function NavLink({ item, props }: { item: NavItem; props: LayoutProps }) {
  const href = localHref(props, item.link ?? '/');
  const external = isExternalUrl(href);
  const active = isNavActive(item, props.page.neutralRoute);
  return (
    <a
      className={`nav-link${active ? ' active' : ''}`}
      href={href}
      aria-current={active ? 'page' : undefined}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
    >
      {item.text}
      {item.tag ? <span className="tag">{item.tag}</span> : null}
    </a>
  );
}

interface DropdownProps {
  label: string;
  children: React.ReactNode;
  className?: string;
  icon?: React.ReactNode;
  /** Only the icon shows; the label names the button for assistive technology. */
  iconOnly?: boolean;
}

/** A dropdown that opens on hover and on keyboard focus (CSS :focus-within); closes 150 ms after leave. */
function Dropdown({ label, children, className = '', icon, iconOnly = false }: DropdownProps) {
  return (
    <div className={`nav-dropdown ${className}`}>
      <button
        type="button"
        className="nav-dropdown-button"
        aria-haspopup="true"
        aria-expanded="false"
        title={iconOnly ? label : undefined}
      >
        {icon}
        <span className={iconOnly ? 'sr-only' : undefined}>{label}</span>
        {iconOnly ? null : <ChevronIcon />}
      </button>
      <ul className="nav-dropdown-menu">{children}</ul>
    </div>
  );
}

function NavItems({ items, props }: { items: NavItem[]; props: LayoutProps }) {
  return (
    <>
      {items.map((item) =>
        item.items?.length ? (
          <Dropdown
            key={item.text}
            label={item.text}
            className={isNavActive(item, props.page.neutralRoute) ? 'active' : ''}
          >
            {item.items.map((child) => (
              <li key={child.text}>
                <NavLink item={child} props={props} />
              </li>
            ))}
          </Dropdown>
        ) : (
          <NavLink key={item.text} item={item} props={props} />
        ),
      )}
    </>
  );
}

/** A control with its name beside it in the mobile menu (the name is hidden on wide screens). */
function MenuRow({ label, className, children }: { label: string; className: string; children: React.ReactNode }) {
  return (
    <div className={`menu-row ${className}`} role="group" aria-label={label}>
      <span className="menu-row-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}

function Social({ link, sprite }: { link: SocialLink; sprite: string }) {
  const label = link.label ?? (typeof link.icon === 'string' ? link.icon : 'link');
  if (link.mode === 'link') {
    return (
      <a
        className="social-link"
        href={link.content}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        title={label}
      >
        <SocialIconSvg icon={link.icon} sprite={sprite} />
      </a>
    );
  }
  // text / img / dom: the icon reveals its content on hover or focus.
  const content =
    link.mode === 'text' ? (
      <span>{link.content}</span>
    ) : link.mode === 'img' ? (
      <img src={link.content} alt={label} width={120} height={120} />
    ) : (
      <span dangerouslySetInnerHTML={{ __html: link.content }} />
    );
  return (
    <span className="social-link social-popover" tabIndex={0} aria-label={label} role="button">
      <SocialIconSvg icon={link.icon} sprite={sprite} />
      <span className="social-popover-content">{content}</span>
    </span>
  );
}

export function SkipLink({ text }: { text: string }) {
  return (
    <a className="skip-link" href="#main">
      {text}
    </a>
  );
}

export function Navbar(props: LayoutProps) {
  const { page, model } = props;
  const { config, locales } = model.site;
  const texts = page.locale.texts;
  const theme = config.themeConfig;
  const left = page.locale.nav.filter((i) => i.position === 'left');
  const right = page.locale.nav.filter((i) => i.position !== 'left');
  const social = theme.socialLinks ?? [];
  // The brand marks' sprite, beside the widget assets (common/brand-marks.ts; vite.config.ts writes it).
  const sprite = withBase(config.base, `/assets/${brandSpriteFile()}`);
  const homeHref = localHref(props, '/');
  const hideGlobal = page.data.frontmatter.globalUIComponents === false;
  return (
    <header
      className={`navbar${page.data.pageType === 'home' ? ' navbar-home transparent' : ''}`}
      data-hide={theme.hideNavbar}
    >
      {/* The skip link lives in the banner landmark (axe: region); without a navbar it stays first in <body>. */}
      <SkipLink text={texts.skipToContentText} />
      <div className="navbar-inner">
        <div className="navbar-left">
          {hideGlobal ? null : (
            <tools-menu lang={page.data.lang}>
              <ToolsMenuShadow name={builtInWidgetTexts(page.data.lang).toolsMenuText} />
            </tools-menu>
          )}
          <a className="brand" href={homeHref}>
            {/* Low priority: a 28 px mark beside the site name never outranks the stylesheet or a hero image (and,
                being first in the document, it would otherwise be the image React preloads, at default priority). */}
            {config.logo ? (
              <img
                src={config.logo.startsWith('/') ? withBase(config.base, config.logo) : config.logo}
                alt=""
                width={28}
                height={28}
                fetchPriority="low"
              />
            ) : null}
            <span>{config.logoText}</span>
          </a>
          {/* One navigation landmark per name: an empty side has none (axe: landmark-unique). */}
          {left.length ? (
            <nav className="nav-items nav-left" aria-label={texts.mainNavText}>
              <NavItems items={left} props={props} />
            </nav>
          ) : null}
        </div>
        <input type="checkbox" id="nav-toggle" className="nav-toggle-input" aria-label={texts.menuText} />
        <div className="navbar-right" id="navbar-menu">
          {right.length ? (
            <nav className="nav-items" aria-label={left.length ? texts.sectionsNavText : texts.mainNavText}>
              <NavItems items={right} props={props} />
            </nav>
          ) : null}
          {locales.length > 1 ? (
            <MenuRow label={texts.languageText} className="menu-row-lang">
              <Dropdown label={page.locale.label} className="lang-switch" icon={<LanguageIcon />}>
                {locales.map((l) => (
                  <li key={l.lang}>
                    <a
                      className={`nav-link${l.lang === page.data.lang ? ' active' : ''}`}
                      href={translatePath(model.ctx, page.href, { lang: l.lang })}
                      hrefLang={l.lang}
                      lang={l.lang}
                      aria-current={l.lang === page.data.lang ? 'true' : undefined}
                      data-lang-switch={l.lang}
                    >
                      {l.label}
                    </a>
                  </li>
                ))}
              </Dropdown>
            </MenuRow>
          ) : null}
          {model.site.versions.length > 1 ? (
            <MenuRow label={texts.versionText} className="menu-row-version">
              <Dropdown label={page.data.version || model.site.defaultVersion} className="version-switch">
                {model.site.versions.map((v) => (
                  <li key={v}>
                    <a
                      className={`nav-link${v === (page.data.version || model.site.defaultVersion) ? ' active' : ''}`}
                      href={translatePath(model.ctx, page.href, { version: v })}
                      data-version-switch={v}
                    >
                      {v}
                    </a>
                  </li>
                ))}
              </Dropdown>
            </MenuRow>
          ) : theme.versionLabel ? (
            <MenuRow label={texts.versionText} className="menu-row-version">
              <span className="version-label" title={texts.versionLabelTitle}>
                {theme.versionLabel}
              </span>
            </MenuRow>
          ) : null}
          {theme.darkMode === false ? null : (
            <MenuRow label={texts.appearanceText} className="menu-row-theme">
              <theme-toggle animate={theme.enableAppearanceAnimation ? 'true' : 'false'} label={texts.toggleThemeText}>
                <ThemeToggleShadow name={texts.toggleThemeText} />
              </theme-toggle>
            </MenuRow>
          )}
          {social.length ? (
            <div className="social-links">
              {social.slice(0, 5).map((link, i) => (
                <Social key={i} link={link} sprite={sprite} />
              ))}
              {social.length > 5 ? (
                <Dropdown label={texts.socialMoreText} className="social-more" icon={<MoreIcon />} iconOnly>
                  {social.slice(5).map((link, i) => (
                    <li key={i}>
                      <Social link={link} sprite={sprite} />
                    </li>
                  ))}
                </Dropdown>
              ) : null}
            </div>
          ) : null}
        </div>
        {theme.search === false ? null : (
          <doc-search lang={page.data.lang} placeholder={texts.searchPlaceholderText} label={texts.searchText}>
            <SearchButtonShadow
              label={texts.searchText}
              fallbackHref={`https://duckduckgo.com/?q=site%3A${encodeURIComponent(config.siteUrl.replace(/^https?:\/\//, ''))}`}
            />
          </doc-search>
        )}
        {/* With JavaScript a real button (aria-expanded) replaces the checkbox label (widgets/runtime/mobile.ts). */}
        <button
          type="button"
          className="nav-toggle nav-toggle-button"
          aria-expanded="false"
          aria-controls="navbar-menu"
          aria-label={texts.menuText}
          title={texts.menuText}
        >
          <NavToggleIcons />
        </button>
        <label htmlFor="nav-toggle" className="nav-toggle" title={texts.menuText}>
          <NavToggleIcons />
          <span className="sr-only">{texts.menuText}</span>
        </label>
      </div>
    </header>
  );
}

/** The menu control's two icons, both drawn: the CSS shows ✕ while the menu is open (aria-expanded, or the checkbox). */
function NavToggleIcons() {
  return (
    <>
      <span className="nav-toggle-open">
        <MenuIcon />
      </span>
      <span className="nav-toggle-close">
        <CloseIcon />
      </span>
    </>
  );
}

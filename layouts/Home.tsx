// The home page: hero (name, text, tagline, actions, image), feature cards, then the tool-family section.
import { FEATURE_ICONS } from '../common/icons.tsx';
import { isExternalUrl, withBase } from '../common/routes.ts';
import { localHref, type LayoutProps } from './context.ts';
import { cardGridClass } from './parts/card-grid.ts';
import { ToolStack } from './parts/ToolStack.tsx';

export function Home(props: LayoutProps & { children?: React.ReactNode }) {
  const { page } = props;
  const { hero, features } = page.data.frontmatter;
  return (
    <main id="main" className="home" tabIndex={-1}>
      {hero ? (
        <section className="hero">
          <div className="hero-stars" aria-hidden="true" />
          {hero.image ? (
            <img
              className="hero-image"
              src={
                hero.image.src.startsWith('/') ? withBase(props.model.site.config.base, hero.image.src) : hero.image.src
              }
              alt={hero.image.alt}
              width={180}
              height={180}
              fetchPriority="high"
            />
          ) : null}
          <h1 className="hero-name">{hero.name ?? page.data.title}</h1>
          {hero.text ? <p className="hero-text">{hero.text}</p> : null}
          {hero.tagline ? <p className="hero-tagline">{hero.tagline}</p> : null}
          {hero.actions?.length ? (
            <div className="hero-actions">
              {hero.actions.map((action) => {
                const href = localHref(props, action.link);
                const external = isExternalUrl(href);
                return (
                  <a
                    key={action.text}
                    className={`button ${action.theme === 'alt' ? 'alt' : 'brand'}`}
                    href={href}
                    target={external ? '_blank' : undefined}
                    rel={external ? 'noopener noreferrer' : undefined}
                  >
                    {action.text}
                  </a>
                );
              })}
            </div>
          ) : null}
        </section>
      ) : null}
      {features?.length ? (
        <section className={`features ${cardGridClass(features.length)}`} aria-label={page.locale.texts.featuresText}>
          {features.map((f) => (
            <div className="feature" key={f.title}>
              {f.icon ? (
                <div className="feature-icon" aria-hidden="true">
                  {FEATURE_ICONS[f.icon]()}
                </div>
              ) : null}
              <h2>{f.link ? <a href={localHref(props, f.link)}>{f.title}</a> : f.title}</h2>
              <p>{f.details}</p>
            </div>
          ))}
        </section>
      ) : null}
      {page.data.frontmatter.toolStack === false ? null : <ToolStack lang={page.data.lang} />}
      {page.html.trim() ? (
        <div className="doc-content home-content" dangerouslySetInnerHTML={{ __html: page.html }} />
      ) : null}
      {props.children}
    </main>
  );
}

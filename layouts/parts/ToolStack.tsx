// The home page's tool-family section (spec §2.10): a short title, a one-line description and one card per
// tool, each opening the tool's site in a new tab. Static HTML from the same list as <tools-menu>.
import { LANDING_TOOLS, RSTACK, RSTACK_TEXT, toolSlug, toolText } from '../../common/tools.ts';
import { cardGridClass } from './card-grid.ts';

export function ToolStack({ lang }: { lang: string }) {
  const zh = lang.toLowerCase().startsWith('zh');
  return (
    <section className="tool-stack" aria-labelledby="tool-stack-title">
      <h2 id="tool-stack-title">{RSTACK.name}</h2>
      <p className="tool-stack-desc">{zh ? RSTACK_TEXT.desc : RSTACK_TEXT.descEn}</p>
      <ul className={`tool-cards ${cardGridClass(LANDING_TOOLS.length)}`}>
        {LANDING_TOOLS.map((tool) => {
          const text = toolText(tool, lang);
          return (
            <li key={tool.name}>
              <a className="tool-card" href={text.url} target="_blank" rel="noopener noreferrer">
                {/* A fixed box drawn by the stylesheet (common/tools.ts, toolLogoRules): a logo that fails to load
                    leaves it empty and changes nothing around it. Decorative: the name follows. Its scale is in
                    the same rule, not a style attribute (those need 'unsafe-inline' in a CSP). */}
                <span className="tool-logo" data-tool={toolSlug(tool.name)} />
                <span className="tool-name">{tool.name}</span>
                <span className="tool-desc">{text.desc}</span>
                <span className="tool-link">{tool.urlText}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

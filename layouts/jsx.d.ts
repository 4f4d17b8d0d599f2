// Custom elements used in layouts: any attribute, plus children.
import 'react';

type CustomElementProps = React.HTMLAttributes<HTMLElement> & Record<string, unknown>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'doc-search': CustomElementProps;
      'theme-toggle': CustomElementProps;
      'copy-markdown': CustomElementProps;
      'tools-menu': CustomElementProps;
      'pm-tabs': CustomElementProps;
      'overview-filter': CustomElementProps;
    }
  }
}

// Registers <copy-markdown>.
import { defineWidget } from '../platform/define.ts';
import { copyMarkdownAttributes } from '../../common/elements.ts';
import { CopyMarkdown } from './CopyMarkdown.tsx';
import active from './active.css?inline';
import styles from './styles.css?inline';

defineWidget({
  tag: 'copy-markdown',
  attributes: copyMarkdownAttributes,
  component: CopyMarkdown,
  styles: styles + active,
});

// Registers <copy-markdown>.
import { defineWidget } from '../platform/define.ts';
import { CopyMarkdown, copyMarkdownAttributes } from './CopyMarkdown.tsx';
import styles from './styles.css?inline';

defineWidget({ tag: 'copy-markdown', attributes: copyMarkdownAttributes, component: CopyMarkdown, styles });

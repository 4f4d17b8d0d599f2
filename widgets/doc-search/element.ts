// Registers <doc-search>.
import { defineWidget } from '../platform/define.ts';
import { DocSearch, docSearchAttributes } from './DocSearch.tsx';
import styles from './styles.css?inline';

defineWidget({ tag: 'doc-search', attributes: docSearchAttributes, component: DocSearch, styles });

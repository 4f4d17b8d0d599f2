// Registers <doc-search>.
import { defineWidget } from '../platform/define.ts';
import { docSearchAttributes } from '../../common/elements.ts';
import { DocSearch } from './DocSearch.tsx';
import styles from './styles.css?inline';

defineWidget({ tag: 'doc-search', attributes: docSearchAttributes, component: DocSearch, styles });

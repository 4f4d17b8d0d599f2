// Registers <pm-tabs>.
import { defineWidget } from '../platform/define.ts';
import { pmTabsAttributes } from '../../common/elements.ts';
import { PmTabs } from './PmTabs.tsx';
import styles from './styles.css?inline';

// The code blocks are slotted light DOM styled by the page: no text reset (the tabs set their own text).
defineWidget({ tag: 'pm-tabs', attributes: pmTabsAttributes, component: PmTabs, styles, keepsPageText: true });

// Registers <pm-tabs>.
import { defineWidget } from '../platform/define.ts';
import { pmTabsAttributes } from '../../common/elements.ts';
import { PmTabs } from './PmTabs.tsx';
import styles from './styles.css?inline';

defineWidget({ tag: 'pm-tabs', attributes: pmTabsAttributes, component: PmTabs, styles });

// Registers <tools-menu>.
import { defineWidget } from '../platform/define.ts';
import styles from './styles.css?inline';
import { ToolsMenu, toolsMenuAttributes } from './ToolsMenu.tsx';

defineWidget({ tag: 'tools-menu', attributes: toolsMenuAttributes, component: ToolsMenu, styles });

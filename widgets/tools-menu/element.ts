// Registers <tools-menu>.
import { defineWidget } from '../platform/define.ts';
import iconButton from '../platform/icon-button.css?inline';
import styles from './styles.css?inline';
import { ToolsMenu, toolsMenuAttributes } from './ToolsMenu.tsx';

defineWidget({ tag: 'tools-menu', attributes: toolsMenuAttributes, component: ToolsMenu, styles: iconButton + styles });

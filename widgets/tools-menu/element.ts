// Registers <tools-menu> (its popover's stylesheet comes with the popover: ToolsPanel.tsx).
import { defineWidget } from '../platform/define.ts';
import iconButton from '../platform/icon-button.css?inline';
import styles from './styles.css?inline';
import { toolsMenuAttributes } from '../../common/elements.ts';
import { ToolsMenu } from './ToolsMenu.tsx';

defineWidget({
  tag: 'tools-menu',
  attributes: toolsMenuAttributes,
  component: ToolsMenu,
  styles: iconButton + styles,
});

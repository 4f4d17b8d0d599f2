// The stand-alone script for other sites: registers every element and the code-block behaviours in one
// classic script (IIFE, no chunks). Safe to include twice: every registration checks what already exists.
import './theme-toggle/element.ts';
import './copy-markdown/element.ts';
import './pm-tabs/element.ts';
import './tools-menu/element.ts';
import './doc-search/element.ts';
import { installCodeActions } from './content/code-actions.ts';
import { installTooltips } from './content/tooltip.ts';

installCodeActions();
installTooltips();

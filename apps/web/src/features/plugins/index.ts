export { PluginsPage } from './components/PluginsPage';

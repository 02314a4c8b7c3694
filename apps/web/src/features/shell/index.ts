// The shell's public face: layouts, header pieces and placeholders.
export { AppShell, WorkLayout } from './components/layouts';

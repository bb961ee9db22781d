import { createRoot } from 'react-dom/client';
import '../../engine/react/theme.css';
import '../app/styles/app.css';
import './editor.css';
import { EditorApp } from './EditorApp.tsx';

createRoot(document.getElementById('root')!).render(<EditorApp />);

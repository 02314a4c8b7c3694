import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { AppToaster } from '../components/ui/toast';
import { setUnauthorizedNavigator } from './api/unauthorized';
import { createAppRouter } from './router';
import { store } from './store';

const router = createAppRouter();
setUnauthorizedNavigator((to) => router.navigate(to));

export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToaster />
    </Provider>
  );
}

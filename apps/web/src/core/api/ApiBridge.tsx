import { useEffect } from 'react';
import { App } from 'antd';
import { configureApiClient } from './apiClient';

/** Lets the API client show its error toasts through Ant Design's App context. */
export function ApiBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    configureApiClient({ notifyError: (text) => void message.error(text) });
  }, [message]);
  return null;
}

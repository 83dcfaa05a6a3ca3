/**
 * The entry's first import (main.tsx): on /login the captcha's challenge is fetched and solved while
 * the app's other modules are evaluated and its first render waits for its texts (issue 18).
 */
import { startCaptchaEarly } from './earlyCaptcha';

if (window.location.pathname === '/login') startCaptchaEarly();

import { create } from 'zustand';
import { signBody } from '../../../shared/signature';
import { useCurrentUser } from '../../app/session';

/** 1-attendance §9: the signature choice is stored locally. */
const SIGN_OPTION_KEY = 'signOption';

interface SignOptionState {
  on: boolean;
  toggle(): void;
}

const useSignOption = create<SignOptionState>()((set, get) => ({
  on: localStorage.getItem(SIGN_OPTION_KEY) !== 'false',
  toggle() {
    const on = !get().on;
    localStorage.setItem(SIGN_OPTION_KEY, String(on));
    set({ on });
  },
}));

/**
 * Whether messages go out signed with the attendant's name. Company setting sendSignMessage enabled lets
 * the attendant choose (the toggle); disabled, every message is signed.
 */
export function useSignature() {
  const user = useCurrentUser();
  const { on, toggle } = useSignOption();
  const mayChoose = user.company.companieSettings.sendSignMessage === 'enabled';
  const signs = mayChoose ? on : true;
  return {
    mayChoose,
    signs,
    toggle,
    apply: (body: string) => (signs ? signBody(user.name, body) : body),
  };
}

// The account page /account: sign up with a passkey, sign in (a passkey, or the password
// fallback), and the signed-in account's settings: another passkey, a password, sign out
// (here or everywhere), export and deletion.

import { currentAccount } from "./account.js";
import { t, tn } from "./i18n.js";
import { createPasskey, post, signInWithPasskey } from "./webauthn.js";

const message = document.getElementById("account-message");

function say(text, failed = false) {
  message.textContent = text;
  message.className = failed ? "error" : "";
}

// Run `work` from a button or form; its failure is said on the page.
function action(element, event, work) {
  element.addEventListener(event, async (happening) => {
    happening.preventDefault();
    say("");
    try {
      await work();
    } catch (error) {
      say(error.name === "NotAllowedError" ? t("The passkey request was cancelled.") : String(error.message || error), true);
    }
  });
}

async function show() {
  const account = await currentAccount();
  document.getElementById("signed-out").hidden = Boolean(account);
  document.getElementById("signed-in").hidden = !account;
  document.body.dataset.account = account ? account.name : "";
  const header = document.getElementById("account-link");
  if (header) header.textContent = account ? account.name : t("Sign in");
  if (!account) return;
  document.getElementById("me-title").textContent = t("Signed in as {name}", { name: account.name });
  document.getElementById("profile-link").href = account.profile_url;
  document.getElementById("passkey-count").textContent = tn("{count} passkey", "{count} passkeys", account.passkeys.length);
}

action(document.getElementById("signup-form"), "submit", async () => {
  await createPasskey(document.getElementById("signup-name").value);
  say(t("Welcome! Your account is made and you are signed in."));
  await show();
});
action(document.getElementById("passkey-signin"), "click", async () => {
  await signInWithPasskey();
  say(t("Signed in."));
  await show();
});
action(document.getElementById("password-signin"), "submit", async () => {
  await post("/api/account/signin", { name: document.getElementById("signin-name").value,
    password: document.getElementById("signin-password").value });
  say(t("Signed in."));
  await show();
});
action(document.getElementById("add-passkey"), "click", async () => {
  await createPasskey(null);
  say(t("Passkey added."));
  await show();
});
action(document.getElementById("password-form"), "submit", async () => {
  await post("/api/account/password", { password: document.getElementById("new-password").value });
  document.getElementById("new-password").value = "";
  say(t("Password set."));
});
action(document.getElementById("sign-out"), "click", async () => {
  await post("/api/account/signout");
  say(t("Signed out."));
  await show();
});
action(document.getElementById("sign-out-everywhere"), "click", async () => {
  await post("/api/account/signout-everywhere");
  say(t("Signed out on every device."));
  await show();
});
action(document.getElementById("delete-account"), "click", async () => {
  if (!window.confirm(t("Delete your account for good? Your games stay, under “a deleted player”."))) return;
  await post("/api/account/delete");
  say(t("Your account is deleted."));
  await show();
});

show();

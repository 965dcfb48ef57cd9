// Passkeys in the browser: the WebAuthn ceremonies of docs/accounts.md. The server sends
// `publicKey` options as JSON (binary fields in base64url) and takes the credential back as
// JSON; browsers without PublicKeyCredential.parse*FromJSON / toJSON get the same by hand.

function fromBase64url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64 + "===".slice((base64.length + 3) % 4)), (c) => c.charCodeAt(0));
}

function toBase64url(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function withIds(list) {
  return (list || []).map((entry) => ({ ...entry, id: fromBase64url(entry.id) }));
}

function creationOptions(json) {
  if (PublicKeyCredential.parseCreationOptionsFromJSON) return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  return { ...json, challenge: fromBase64url(json.challenge), user: { ...json.user, id: fromBase64url(json.user.id) },
    excludeCredentials: withIds(json.excludeCredentials) };
}

function requestOptions(json) {
  if (PublicKeyCredential.parseRequestOptionsFromJSON) return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  return { ...json, challenge: fromBase64url(json.challenge), allowCredentials: withIds(json.allowCredentials) };
}

function credentialJson(credential) {
  if (credential.toJSON) return credential.toJSON();
  const response = {};
  for (const field of ["clientDataJSON", "attestationObject", "authenticatorData", "signature", "userHandle"]) {
    if (credential.response[field]) response[field] = toBase64url(credential.response[field]);
  }
  return { id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type, response,
    clientExtensionResults: credential.getClientExtensionResults() };
}

export async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error || String(response.status));
  return answer;
}

// Sign up (with `name`) or add a passkey to the signed-in account (without).
export async function createPasskey(name) {
  const begun = await post("/api/account/passkeys/register/begin", name ? { name } : {});
  const credential = await navigator.credentials.create({ publicKey: creationOptions(begun.publicKey) });
  return post("/api/account/passkeys/register/complete", { challenge: begun.challenge, credential: credentialJson(credential) });
}

export async function signInWithPasskey() {
  const begun = await post("/api/account/passkeys/signin/begin");
  const credential = await navigator.credentials.get({ publicKey: requestOptions(begun.publicKey) });
  return post("/api/account/passkeys/signin/complete", { challenge: begun.challenge, credential: credentialJson(credential) });
}

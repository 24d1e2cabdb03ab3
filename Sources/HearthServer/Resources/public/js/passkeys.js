// Hearth's passkeys in the browser (WebAuthn): signing in (a button, and the email field's autofill
// where the browser offers passkeys there), adding one in Settings → Security, and confirming it is
// you with one (the confirm card, the inventory's lock screen). The server hands out every
// challenge and checks every answer; this file carries bytes as base64url between the two.

import { problemText, request } from "./api.js";

const supported = typeof PublicKeyCredential === "function" && Boolean(navigator.credentials);

function toBase64url(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const standard = text.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(standard + "=".repeat((4 - (standard.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

const descriptors = (list) => list.map((item) => ({ ...item, id: fromBase64url(item.id) }));

/** A sentence for a browser's refusal: the person closed the dialog, or this browser cannot. */
function browserText(error) {
  if (error?.name === "NotAllowedError") return "No passkey was used.";
  if (error?.name === "InvalidStateError") return "This device has a passkey for your account already.";
  if (error?.name === "SecurityError") return `Passkeys work where Hearth is opened at its own address (${location.host} is not it).`;
  return error?.message || "The browser could not use a passkey.";
}

/** Asks the browser for a passkey's answer to `options` (from the server); null when none came. */
async function assertion(options, mediation, signal = undefined) {
  const publicKey = { ...options, challenge: fromBase64url(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  const credential = await navigator.credentials.get({ publicKey, mediation, signal });
  if (!credential) return null;
  const { response } = credential;
  return {
    id: credential.id, type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON), authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature), ...(response.userHandle ? { userHandle: toBase64url(response.userHandle) } : {}),
    },
  };
}

/** The sign-in page: the button, and passkeys offered in the email field's autofill. */
async function setUpSignIn(box) {
  const status = document.getElementById("passkey-status");
  const form = document.getElementById("passkey-form");
  let waiting = null; // the autofill's request, ended when the button asks instead
  const signIn = async (mediation) => {
    const options = await request("/api/v1/auth/passkeys/sign-in-options", { method: "POST" });
    if (!options.ok) throw new Error(problemText(options));
    waiting = new AbortController();
    const answer = await assertion(options.data, mediation, waiting.signal);
    if (!answer) return;
    form.elements.passkey_id.value = answer.id;
    form.elements.client_data.value = answer.response.clientDataJSON;
    form.elements.authenticator_data.value = answer.response.authenticatorData;
    form.elements.signature.value = answer.response.signature;
    form.elements.user_handle.value = answer.response.userHandle ?? "";
    status.textContent = "Signing in…";
    form.submit();
  };
  box.hidden = false;
  document.getElementById("passkey-button").addEventListener("click", () => {
    waiting?.abort();
    status.textContent = "";
    signIn("optional").catch((error) => { status.textContent = browserText(error); });
  });
  // Not again right after a passkey the server refused: the page says why, and the button tries again.
  const refused = Boolean(document.querySelector("main .error"));
  if (!refused && (await PublicKeyCredential.isConditionalMediationAvailable?.())) {
    signIn("conditional").catch(() => { /* the person chose the button or typed a password */ });
  }
}

/** Settings → Security: names and adds a passkey of this device. */
function setUpAdding(form) {
  const status = document.getElementById("passkey-add-status");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "";
    const options = await request("/api/v1/auth/passkeys/registration-options", { method: "POST" });
    if (!options.ok) {
      status.textContent = problemText(options);
      return;
    }
    const { data } = options;
    let credential;
    try {
      credential = await navigator.credentials.create({
        publicKey: {
          ...data, challenge: fromBase64url(data.challenge), user: { ...data.user, id: fromBase64url(data.user.id) },
          excludeCredentials: descriptors(data.excludeCredentials),
        },
      });
    } catch (error) {
      status.textContent = browserText(error);
      return;
    }
    const added = await request("/api/v1/auth/passkeys", {
      method: "POST",
      body: {
        name: form.elements.name.value,
        credential: {
          id: credential.id, type: credential.type,
          response: {
            clientDataJSON: toBase64url(credential.response.clientDataJSON),
            attestationObject: toBase64url(credential.response.attestationObject),
          },
        },
      },
    });
    if (!added.ok) {
      status.textContent = problemText(added);
      return;
    }
    location.assign("/settings/security?notice=passkey-added");
  });
}

/** The confirm card and the lock screen: one of your passkeys instead of the password. */
function setUpConfirming(button) {
  const status = document.getElementById("passkey-confirm-status");
  button.hidden = false;
  button.addEventListener("click", async () => {
    status.textContent = "";
    const options = await request("/api/v1/auth/passkeys/confirm-options", { method: "POST" });
    if (!options.ok) {
      status.textContent = problemText(options);
      return;
    }
    let passkey;
    try {
      passkey = await assertion(options.data, "optional");
    } catch (error) {
      status.textContent = browserText(error);
      return;
    }
    const confirmed = await request("/api/v1/auth/confirm", { method: "POST", body: { passkey } });
    if (!confirmed.ok) {
      status.textContent = problemText(confirmed);
      return;
    }
    location.assign(button.dataset.next);
  });
}

if (supported) {
  const signIn = document.getElementById("passkey-sign-in");
  if (signIn) setUpSignIn(signIn);
  const adding = document.getElementById("passkey-add-form");
  if (adding) setUpAdding(adding);
  const confirming = document.getElementById("passkey-confirm");
  if (confirming) setUpConfirming(confirming);
}

// PLACEHOLDER: browser tests arrive with the storefront.
console.log("e2e: no browser tests yet");

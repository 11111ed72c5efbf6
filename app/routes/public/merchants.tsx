// PLACEHOLDER: replaced by the real screen.
export default function Screen() {
  return <main><h1>merchants</h1></main>;
}

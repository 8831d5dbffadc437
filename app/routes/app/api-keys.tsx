// Placeholder while this screen is being built in this change; replaced before it lands.
export default function Placeholder() {
  return null;
}

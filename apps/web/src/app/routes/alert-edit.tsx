import { useParams } from 'react-router';
import { AlertEditScreen } from '../../features/alerts/components/alert-edit-screen.tsx';

/** /alerts/:id: edit one alert and preview what it matches (the digest mails link here). */
export function Component() {
  const { id = '' } = useParams();
  return <AlertEditScreen key={id} id={id} />;
}

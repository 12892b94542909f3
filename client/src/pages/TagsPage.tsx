import { useParams } from 'react-router-dom';
import { TagsOverviewView } from '../tags/TagsOverviewView.js';
import { TagView } from '../tags/TagView.js';
import '../forms/forms.css';
import '../tags/tags.css';

/** /tags (followed and trending tags) and /tags/:tag (one tag). */
export default function TagsPage() {
  const { tag } = useParams();
  return tag ? <TagView key={tag} tag={tag} /> : <TagsOverviewView />;
}

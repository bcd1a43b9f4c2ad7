/** The small records the API embeds in others. */

/** A record named by its id, as of the embedding record's last save (an author, a client, a category). */
export interface NamedRef {
  _id: string;
  name: string;
}

/** A stored file a record references, as its detail returns it in `media` (keyed by asset id). */
export interface MediaRef {
  _id: string;
  url: string;
  name: string;
  contentType: string;
}

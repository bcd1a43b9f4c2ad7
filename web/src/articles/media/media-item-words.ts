/** The words of the media items field: a Video's videos or a Gallery's images. */
export type MediaItemsKind = 'video' | 'gallery';

/** One item's messages, by field. */
export interface MediaItemError {
  url?: string;
  description?: string;
}

export const MEDIA_ITEM_WORDS = {
  video: {
    legend: 'Videos',
    item: 'Video',
    add: 'Add video',
    link: 'Video link',
    linkHint: 'A YouTube, Vimeo or other video-sharing link',
    linkPlaceholder: 'https://www.youtube.com/watch?v=…',
    upload: 'Upload mp4',
    file: 'Video file',
    text: 'Description',
    textPlaceholder: 'What the video shows',
  },
  gallery: {
    legend: 'Gallery',
    item: 'Image',
    add: 'Add image',
    link: 'Image link',
    linkHint: 'A direct link to a png or jpeg image',
    linkPlaceholder: 'https://example.com/photo.jpg',
    upload: 'Upload image',
    file: 'Image file',
    text: 'Caption',
    textPlaceholder: 'What the photo shows, and who took it',
  },
} as const;

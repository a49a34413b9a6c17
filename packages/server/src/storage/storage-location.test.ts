import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { storageLocation } from './storage-location'

describe('STORAGE_URL', () => {
  it('unset: the disk under DATA_DIR; a folder or file:// URL: that folder', () => {
    expect(storageLocation({})).toEqual({ kind: 'disk' })
    expect(storageLocation({ STORAGE_URL: '/srv/arquivos' })).toEqual({
      kind: 'disk',
      root: '/srv/arquivos',
    })
    expect(storageLocation({ STORAGE_URL: 'file:///mnt/gis/files' })).toEqual({
      kind: 'disk',
      root: path.resolve('/mnt/gis/files'),
    })
  })

  it('s3://bucket/prefix with the endpoint and region of the environment', () => {
    expect(
      storageLocation({
        STORAGE_URL: 's3://gis-arquivos/producao/',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        AWS_REGION: 'sa-east-1',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'gis-arquivos',
      prefix: 'producao',
      endpoint: 'http://127.0.0.1:9000',
      region: 'sa-east-1',
    })
    expect(storageLocation({ STORAGE_URL: 's3://gis-arquivos' })).toEqual({
      kind: 's3',
      bucket: 'gis-arquivos',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
    })
  })

  it('a malformed value stops the start, naming the variable', () => {
    for (const STORAGE_URL of ['s3://', 's3://A_B/x', 's3://gis/../x', 'https://gis/x']) {
      expect(() => storageLocation({ STORAGE_URL })).toThrow(/STORAGE_URL/)
    }
    expect(() => storageLocation({ STORAGE_URL: 's3://gis', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    )
  })
})

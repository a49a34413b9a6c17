import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { s3Client, type S3Location } from '../src/storage/s3-storage'

/** The credentials s3rver accepts; the tests' servers read them as the SDK does. */
export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }
export const S3_TEST_BUCKET = 'gis-test'

export interface TestS3 {
  endpoint: string
  close: () => Promise<void>
}

/** An S3-compatible server on the loopback address, with an empty bucket, for one test run. */
export async function startTestS3(): Promise<TestS3> {
  Object.assign(process.env, S3_TEST_CREDENTIALS)
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const directory = mkdtempSync(path.join(os.tmpdir(), 'gis-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** A location of its own in the test bucket (one prefix per test app). */
export function testS3Location(endpoint: string, prefix: string): S3Location {
  return { bucket: S3_TEST_BUCKET, prefix, endpoint, region: 'us-east-1' }
}

/** The keys stored under a location's prefix. */
export async function storedS3Keys(location: S3Location): Promise<string[]> {
  const client = s3Client(location)
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: location.bucket,
        Prefix: location.prefix ? `${location.prefix}/` : undefined,
        ContinuationToken: token,
      }),
    )
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys
}

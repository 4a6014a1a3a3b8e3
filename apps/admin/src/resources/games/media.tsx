import type { AdminGame } from '@ld/contract/admin/games';
import { MAX_GAME_SCREENSHOTS } from '@ld/contract/admin/games';
import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Image, Space, Tag, Typography, Upload, type UploadProps } from 'antd';
import { BusyButton } from '../../shared/busy-button';

type UploadRequest = Parameters<NonNullable<UploadProps['customRequest']>>[0];
/** One of the page's calls (each button has its own, so each spins for its own call only). */
type GameCall = ReturnType<typeof useCustomMutation<AdminGame>>;

/** What a picture upload accepts (the server checks the bytes, and re-encodes to WebP). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * 发布、图标、截图: saved at once, each an audited call. Holds its own copy of the game (GET
 * /games/:id through useCustom) so refreshing it never touches the edit form.
 */
export function GameMedia({ id }: { id: number }) {
  const { query } = useCustom<AdminGame>({ url: `/games/${id}`, method: 'get' });
  // One mutation per button, so each spins for its own call only: 发布 does not spin while the
  // icon uploads. `arranging` orders and deletes screenshots.
  const publishing = useCustomMutation<AdminGame>();
  const icon = useCustomMutation<AdminGame>();
  const screenshots = useCustomMutation<AdminGame>();
  const arranging = useCustomMutation<AdminGame>();
  const packages = useCustomMutation<AdminGame>();
  const invalidate = useInvalidate();
  const game = query.data?.data;

  const saved = () => {
    void query.refetch();
    void invalidate({ resource: 'games', invalidates: ['list'] });
  };

  /** antd's Upload hands the file here; it goes as multipart through the data provider. */
  const uploadTo =
    (path: string, done: string, mutation: GameCall) =>
    ({ file, onSuccess, onError }: UploadRequest) => {
      const form = new FormData();
      form.append('file', file as Blob);
      mutation.mutate(
        {
          url: `/games/${id}/${path}`,
          method: 'post',
          values: form,
          successNotification: { type: 'success', message: done },
        },
        {
          onSuccess: (answer) => {
            onSuccess?.(answer.data);
            saved();
          },
          onError: (error) => onError?.(new Error(error.message)),
        },
      );
    };

  const patch = (values: Partial<AdminGame>, done: string, mutation: GameCall) =>
    mutation.mutate(
      {
        url: `/games/${id}`,
        method: 'patch',
        values,
        successNotification: { type: 'success', message: done },
      },
      { onSuccess: saved },
    );

  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message="游戏加载失败"
        description={query.error?.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  if (!game) return <Card loading style={{ width: 420 }} />;
  const shots = game.screenshots;
  const move = (from: number, to: number) => {
    const next = [...shots];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url);
    patch({ screenshots: next }, '已调整截图顺序', arranging);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: 420, flex: '0 0 420px' }}>
      <Card title="发布" size="small">
        <Space direction="vertical">
          <span>
            状态：{game.published ? <Tag color="success">已发布</Tag> : <Tag>草稿</Tag>}
            <Typography.Text type="secondary">应用编号 {game.appID}</Typography.Text>
          </span>
          {!game.icon ? <Typography.Text type="secondary">上传图标后才能发布。</Typography.Text> : null}
          <BusyButton
            type={game.published ? 'default' : 'primary'}
            disabled={!game.published && !game.icon}
            pending={publishing.mutation.isPending}
            onClick={() =>
              patch(
                { published: !game.published },
                game.published ? `已下线「${game.name}」` : `已发布「${game.name}」，门户立即可见`,
                publishing,
              )
            }
          >
            {game.published ? '下线' : '发布'}
          </BusyButton>
        </Space>
      </Card>
      <Card title="图标" size="small" extra={<Typography.Text type="secondary">裁成正方形</Typography.Text>}>
        <Space align="center" size={16}>
          {game.icon ? (
            <Image
              src={game.icon}
              alt={`${game.name} 图标`}
              width={72}
              height={72}
              style={{ borderRadius: 16 }}
            />
          ) : (
            <Typography.Text type="secondary">还没有图标</Typography.Text>
          )}
          <Upload
            accept={IMAGE_TYPES}
            showUploadList={false}
            customRequest={uploadTo('icon', '已更新图标', icon)}
          >
            <BusyButton pending={icon.mutation.isPending}>{game.icon ? '更换图标' : '上传图标'}</BusyButton>
          </Upload>
        </Space>
      </Card>
      <Card
        title="截图"
        size="small"
        extra={
          <Typography.Text type="secondary">{`${shots.length} / ${MAX_GAME_SCREENSHOTS}`}</Typography.Text>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {shots.length === 0 ? <Typography.Text type="secondary">还没有截图</Typography.Text> : null}
          <Image.PreviewGroup>
            <Space wrap>
              {shots.map((url, i) => (
                <Space key={url} direction="vertical" size={4} align="center">
                  <Image src={url} alt={`截图 ${i + 1}`} width={96} />
                  <Space size={4}>
                    <Button
                      size="small"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`截图 ${i + 1} 前移`}
                    >
                      ←
                    </Button>
                    <Button
                      size="small"
                      disabled={i === shots.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`截图 ${i + 1} 后移`}
                    >
                      →
                    </Button>
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        patch({ screenshots: shots.filter((u) => u !== url) }, '已删除截图', arranging)
                      }
                    >
                      删除
                    </Button>
                  </Space>
                </Space>
              ))}
            </Space>
          </Image.PreviewGroup>
          <Upload
            accept={IMAGE_TYPES}
            showUploadList={false}
            disabled={shots.length >= MAX_GAME_SCREENSHOTS}
            customRequest={uploadTo('screenshots', '已添加截图', screenshots)}
          >
            <BusyButton
              disabled={shots.length >= MAX_GAME_SCREENSHOTS}
              pending={screenshots.mutation.isPending}
            >
              添加截图
            </BusyButton>
          </Upload>
        </Space>
      </Card>
      <Card
        title="安装包"
        size="small"
        extra={<Typography.Text type="secondary">流式上传，大文件请耐心等待</Typography.Text>}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {(
            [
              ['android', '安卓', '.apk', game.hasAndroid],
              ['ios', 'iOS', '.ipa', game.hasIos],
            ] as const
          ).map(([platform, label, ext, has]) => (
            <Space key={platform} align="center">
              <span style={{ display: 'inline-block', width: 40 }}>{label}</span>
              {has ? <Tag color="success">已上传</Tag> : <Tag>未上传</Tag>}
              <Upload
                accept={ext}
                showUploadList={false}
                customRequest={uploadTo(`packages/${platform}`, `已上传${label}安装包`, packages)}
              >
                <BusyButton
                  pending={packages.mutation.isPending && packages.mutation.variables?.url.endsWith(platform)}
                >
                  {has ? `替换${label}安装包` : `上传${label}安装包`}
                </BusyButton>
              </Upload>
            </Space>
          ))}
          <Typography.Text type="secondary">
            {game.size > 0
              ? `门户显示大小：${sizeText(game.size)}`
              : '还没有安装包：门户会提示暂未提供下载。'}
          </Typography.Text>
        </Space>
      </Card>
    </Space>
  );
}
